import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translator';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api/api-error';
import { rules } from '@/lib/validation';
import type { Captcha } from '../api/get-captcha';
import { useSendCode, type CodeChannel, type CodePurpose } from '../api/send-code';
import { useCountdown } from '../hooks/use-countdown';
import { formProblemsOf } from '@/lib/form-problems';
import { CaptchaField } from './captcha-field';

type Problems = Record<string, string | undefined>;

export interface CodeFieldsProps {
  channel: CodeChannel;
  purpose: CodePurpose;
  /** Where the code goes: phone, email, the account name (recovery), or '' (the bound phone). */
  target: string;
  /** The form's own check of the target before a code is asked for: field → message, empty when fine. */
  checkTarget?: () => Problems;
  captcha: UseQueryResult<Captcha>;
  captchaValue: string;
  onCaptchaChange: (value: string) => void;
  captchaError?: string;
  /** The code field's name in the form (`smsCode`, `emailCode`, `code`). */
  codeName: string;
  code: string;
  onCodeChange: (value: string) => void;
  codeError?: string;
  /** Shows the problems of a send (under the form's fields) or clears them. */
  showProblems: (fields: Problems, form?: string | null) => void;
  /** Server field names the form can show besides captcha and the code (e.g. `phone`). */
  fields?: readonly string[];
}

/**
 * The captcha and the code with its "send code" button. A code is only sent once the captcha is typed (it is
 * single-use, so a new one follows every send); then the button counts down the server's `resendAfterSeconds`.
 */
export function CodeFields(props: CodeFieldsProps) {
  const { t } = useTranslation();
  const { captcha, codeName } = props;
  const sendCode = useSendCode();
  const countdown = useCountdown();
  const waiting = countdown.secondsLeft > 0;

  const renewCaptcha = () => {
    props.onCaptchaChange('');
    void captcha.refetch();
  };

  const send = () => {
    if (sendCode.isPending || waiting) return;
    const problems: Problems = { ...props.checkTarget?.() };
    const captchaProblem = rules.captcha(props.captchaValue);
    if (captchaProblem) problems.captcha = t(captchaProblem.key, captchaProblem.params ?? {});
    else if (!captcha.data) problems.captcha = t('account.captchaFailed');
    if (Object.values(problems).some(Boolean)) {
      props.showProblems(problems);
      return;
    }
    sendCode.mutate(
      {
        channel: props.channel,
        target: props.target,
        purpose: props.purpose,
        captchaKey: captcha.data!.captchaKey,
        captcha: props.captchaValue,
      },
      {
        onSuccess: (sent) => {
          countdown.start(sent.resendAfterSeconds);
          props.showProblems({});
          renewCaptcha();
          toast.success(t(props.channel === 'sms' ? 'codes.sentSms' : 'codes.sentEmail'));
        },
        onError: (error) => {
          const problems = formProblemsOf(error, ['captcha', codeName, ...(props.fields ?? [])], t, {
            'identity.code_too_soon': codeName,
            'identity.code_daily_cap': codeName,
          });
          const seconds = secondsOf(error);
          if (seconds) countdown.start(seconds);
          if (captchaSpent(error)) renewCaptcha();
          props.showProblems(problems.fields, problems.closed ?? problems.form);
        },
      },
    );
  };

  const buttonText = sendCode.isPending
    ? t('codes.sending')
    : waiting
      ? t('codes.resendIn', { seconds: countdown.secondsLeft })
      : t('codes.send');

  return (
    <>
      <CaptchaField
        captcha={captcha}
        value={props.captchaValue}
        onValueChange={props.onCaptchaChange}
        error={props.captchaError}
        hint={t('codes.captchaHint')}
      />
      <TextField
        label={t(props.channel === 'sms' ? 'codes.smsCode' : 'codes.emailCode')}
        name={codeName}
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        value={props.code}
        onValueChange={props.onCodeChange}
        error={props.codeError}
        addon={
          <button
            type="button"
            className="button code-button"
            onClick={send}
            disabled={sendCode.isPending || waiting}
            aria-live="polite"
          >
            {buttonText}
          </button>
        }
      />
    </>
  );
}

/** Refusals the server gives before it checks (and so spends) the captcha: what the member typed still holds. */
const BEFORE_CAPTCHA = new Set([
  'common.validation_failed',
  'common.rate_limited',
  'auth.unauthorized',
  'identity.registration_disabled',
  'identity.login_disabled',
  'identity.method_disabled',
]);

/**
 * Whether a failed send used up the captcha, so a new one must be typed. A send that never reached the server, or
 * was refused before the captcha was checked, keeps the member's entry.
 */
function captchaSpent(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.kind === 'network' || error.kind === 'aborted') return false;
  return !(error.kind === 'http' && error.code !== undefined && BEFORE_CAPTCHA.has(error.code));
}

/**
 * The seconds still to wait after `identity.code_too_soon`: from `params.seconds` when the body has it, else the
 * number in the server's message ("Please wait 42 seconds…"), since error bodies carry only code and message.
 */
function secondsOf(error: unknown): number {
  if (!(error instanceof ApiError) || error.code !== 'identity.code_too_soon') return 0;
  const params = (error.body as { params?: { seconds?: unknown } } | null)?.params;
  const seconds = Number(params?.seconds ?? /\d+/.exec(error.message)?.[0]);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

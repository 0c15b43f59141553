import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { useNavigate } from '@/lib/router';
import { TextField } from '@/components/ui/form-field';
import { FormError } from '@/components/ui/form-error';
import { rules } from '@/lib/validation';
import { useCaptcha } from '../api/get-captcha';
import { useStartRecovery, useVerifyRecovery, type RecoveryWay, type RecoveryWays } from '../api/password-recovery';
import { useFormState } from '@/hooks/use-form-state';
import { formProblemsOf } from '@/lib/form-problems';
import { AccountField } from './account-field';
import { CaptchaField } from './captcha-field';
import { CodeFields } from './code-fields';

export const FIND_PASSWORD_STEP2 = '/findPassWord/step2';

/** Route state of step 2: the proof of step 1. */
export interface RecoveryState {
  recoveryToken: string;
}

/**
 * Step 1 of password recovery: the account and a captcha; then the member proves the account is theirs by the
 * hint answer or a code sent to the bound phone or email (shown masked), and goes on to step 2.
 */
export function FindPasswordStep1() {
  const [found, setFound] = useState<{ account: string; ways: RecoveryWays } | null>(null);
  return found ? (
    <ProveOwnership account={found.account} ways={found.ways} onStartOver={() => setFound(null)} />
  ) : (
    <AccountStep onFound={(account, ways) => setFound({ account, ways })} />
  );
}

function AccountStep({ onFound }: { onFound: (account: string, ways: RecoveryWays) => void }) {
  const { t } = useTranslation();
  const form = useFormState({ account: '', captcha: '' });
  const { values, setValue, errors, formError, showProblems, translate } = form;
  const captcha = useCaptcha();
  const start = useStartRecovery();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (start.isPending) return;
    const problems = translate({
      ...(rules.account(values.account) ? { account: rules.account(values.account)! } : {}),
      ...(rules.captcha(values.captcha) ? { captcha: rules.captcha(values.captcha)! } : {}),
    });
    if (showProblems(problems)) return;
    if (!captcha.data) {
      showProblems({ captcha: t('account.captchaFailed') });
      return;
    }
    start.mutate(
      { account: values.account, captchaKey: captcha.data.captchaKey, captcha: values.captcha },
      {
        onSuccess: (ways) => onFound(values.account.trim(), ways),
        onError: (error) => {
          const problems = formProblemsOf(error, ['account', 'captcha'], t);
          setValue('captcha', '');
          void captcha.refetch();
          showProblems(problems.fields, problems.closed ?? problems.form);
        },
      },
    );
  };

  return (
    <form ref={form.formRef} className="account-form" noValidate onSubmit={submit}>
      <FormError message={formError} />
      <AccountField
        value={values.account}
        onValueChange={(value) => setValue('account', value)}
        error={errors.account}
      />
      <CaptchaField
        captcha={captcha}
        value={values.captcha}
        onValueChange={(value) => setValue('captcha', value)}
        error={errors.captcha}
      />
      <button type="submit" className="button button--primary account-form__submit" disabled={start.isPending}>
        {t('recovery.next')}
      </button>
    </form>
  );
}

interface ProofValues {
  hintAnswer: string;
  captcha: string;
  code: string;
}

function ProveOwnership({
  account,
  ways,
  onStartOver,
}: {
  account: string;
  ways: RecoveryWays;
  onStartOver: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groupId = useId();
  const offered = (['hint', 'phone', 'email'] as const).filter((way) =>
    way === 'hint' ? ways.hintQuestion : ways[way],
  );
  const [way, setWay] = useState<RecoveryWay | undefined>(offered[0]);
  const form = useFormState<ProofValues>({ hintAnswer: '', captcha: '', code: '' });
  const { values, setValue, errors, formError, showProblems, translate } = form;
  const captcha = useCaptcha(way === 'phone' || way === 'email');
  const verify = useVerifyRecovery();

  if (!way) {
    return (
      <div className="inline-error" role="alert">
        <p>{t('recovery.noWay')}</p>
        <button type="button" className="button" onClick={onStartOver}>
          {t('recovery.startOver')}
        </button>
      </div>
    );
  }

  const choose = (next: RecoveryWay) => {
    setWay(next);
    setValue('code', '');
    showProblems({});
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    const problem =
      way === 'hint'
        ? rules.hintAnswer(values.hintAnswer)
        : way === 'phone'
          ? rules.smsCode(values.code)
          : rules.verificationCode(values.code);
    if (showProblems(translate(problem ? { [way === 'hint' ? 'hintAnswer' : 'code']: problem } : {}))) return;
    verify.mutate(
      way === 'hint' ? { account, way, hintAnswer: values.hintAnswer } : { account, way, code: values.code },
      {
        onSuccess: ({ recoveryToken }) =>
          void navigate(FIND_PASSWORD_STEP2, { state: { recoveryToken } satisfies RecoveryState }),
        onError: (error) => {
          const problems = formProblemsOf(error, ['hintAnswer', 'code'], t, {
            'identity.code_invalid': 'code',
            'identity.hint_answer_wrong': 'hintAnswer',
          });
          showProblems(problems.fields, problems.closed ?? problems.form);
        },
      },
    );
  };

  const label = (option: RecoveryWay) =>
    option === 'hint'
      ? t('recovery.ways.hint')
      : option === 'phone'
        ? t('recovery.ways.phone', { phone: ways.phone })
        : t('recovery.ways.email', { email: ways.email });

  return (
    <form ref={form.formRef} className="account-form" noValidate onSubmit={submit}>
      <p>{t('recovery.forAccount', { account })}</p>
      <FormError message={formError} />
      <fieldset className="account-form__group">
        <legend>{t('recovery.chooseWay')}</legend>
        {offered.map((option) => (
          <div className="field__check" key={option}>
            <input
              id={`${groupId}-${option}`}
              type="radio"
              name="way"
              value={option}
              checked={way === option}
              onChange={() => choose(option)}
            />
            <label htmlFor={`${groupId}-${option}`}>{label(option)}</label>
          </div>
        ))}
      </fieldset>
      {way === 'hint' ? (
        <>
          <p className="recovery-question">
            {t('recovery.question')} <strong>{ways.hintQuestion}</strong>
          </p>
          <TextField
            label={t('account.fields.hintAnswer')}
            name="hintAnswer"
            autoComplete="off"
            required
            value={values.hintAnswer}
            onValueChange={(value) => setValue('hintAnswer', value)}
            error={errors.hintAnswer}
          />
        </>
      ) : (
        <CodeFields
          key={way}
          channel={way === 'phone' ? 'sms' : 'email'}
          purpose="recover"
          target={account}
          captcha={captcha}
          captchaValue={values.captcha}
          onCaptchaChange={(value) => setValue('captcha', value)}
          captchaError={errors.captcha}
          codeName="code"
          code={values.code}
          onCodeChange={(value) => setValue('code', value)}
          codeError={errors.code}
          showProblems={(fields, message) =>
            showProblems({ captcha: fields.captcha, code: fields.code }, message ?? null)
          }
        />
      )}
      <button type="submit" className="button button--primary account-form__submit" disabled={verify.isPending}>
        {t('recovery.next')}
      </button>
      <p className="account-form__links">
        <button type="button" className="button" onClick={onStartOver}>
          {t('recovery.startOver')}
        </button>
      </p>
    </form>
  );
}

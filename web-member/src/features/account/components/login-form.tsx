import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { FeatureClosed } from '@/components/ui/feature-closed';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api/api-error';
import { useCaptcha } from '../api/get-captcha';
import { useLogin } from '../api/login';
import { useFormState } from '@/hooks/use-form-state';
import { formProblemsOf } from '@/lib/form-problems';
import { validateLogin, type LoginValues } from '../utils/validate';
import { AccountField } from './account-field';
import { CaptchaField } from './captcha-field';

const FIELDS = ['account', 'password', 'captcha'] as const;

export interface LoginFormProps {
  /** Called once the session is stored and the member is the current user. */
  onLoggedIn: () => void;
  registerHref: string;
}

/**
 * Account and password login. The captcha appears when the server asks for one (after repeated failures) and is
 * renewed after every attempt, since each is single-use.
 */
export function LoginForm({ onLoggedIn, registerHref }: LoginFormProps) {
  const { t } = useTranslation();
  const form = useFormState<LoginValues>({ account: '', password: '', captcha: '' });
  const { values, setValue, errors, formError, showProblems, translate } = form;
  const [captchaShown, setCaptchaShown] = useState(false);
  const [closed, setClosed] = useState<string | null>(null);
  const captcha = useCaptcha(captchaShown);
  const login = useLogin();

  const newCaptcha = () => {
    setValue('captcha', '');
    if (captchaShown) void captcha.refetch();
    else setCaptchaShown(true);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    if (showProblems(translate(validateLogin(values, captchaShown)))) return;
    if (captchaShown && !captcha.data) {
      showProblems({ captcha: t('account.captchaFailed') });
      return;
    }
    login.mutate(
      {
        account: values.account.trim(),
        password: values.password,
        ...(captchaShown && captcha.data
          ? { captchaKey: captcha.data.captchaKey, captcha: values.captcha.trim() }
          : {}),
      },
      {
        onSuccess: () => onLoggedIn(),
        onError: (error) => {
          const problems = formProblemsOf(error, FIELDS, t);
          if (problems.closed !== null) {
            setClosed(problems.closed);
            return;
          }
          const required = error instanceof ApiError && error.code === 'identity.captcha_required';
          // A captcha, once checked, is used up whatever the outcome.
          if (required || captchaShown) newCaptcha();
          showProblems(problems.fields, problems.form);
        },
      },
    );
  };

  if (closed !== null) return <FeatureClosed message={closed} fallback={t('featureClosed.login')} />;

  return (
    <form ref={form.formRef} className="account-form" noValidate onSubmit={submit}>
      <FormError message={formError} />
      <AccountField
        value={values.account}
        onValueChange={(value) => setValue('account', value)}
        error={errors.account}
      />
      <TextField
        label={t('account.fields.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        onValueChange={(value) => setValue('password', value)}
        error={errors.password}
      />
      {captchaShown ? (
        <CaptchaField
          captcha={captcha}
          value={values.captcha}
          onValueChange={(value) => setValue('captcha', value)}
          error={errors.captcha}
        />
      ) : null}
      <button type="submit" className="button button--primary account-form__submit" disabled={login.isPending}>
        {login.isPending ? t('account.login.submitting') : t('account.login.submit')}
      </button>
      <p className="account-form__links">
        <span>
          {t('account.login.noAccount')} <Link to={registerHref}>{t('account.login.register')}</Link>
        </span>
        <Link to="/findPassWord/step1">{t('account.login.forgotPassword')}</Link>
      </p>
    </form>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FeatureClosed } from '@/components/ui/feature-closed';
import { TextField } from '@/components/ui/form-field';
import { RedirectNotice } from '@/components/ui/redirect-notice';
import type { SystemUser } from '@/lib/api/api-types';
import { useCaptcha } from '../api/get-captcha';
import { useRegister } from '../api/register';
import { useFormState } from '@/hooks/use-form-state';
import { formProblemsOf } from '@/lib/form-problems';
import { validateRegister, type RegisterValues } from '../utils/validate';
import { CaptchaImage } from './captcha-image';

const FIELDS = [
  'account',
  'nickname',
  'password',
  'confirmPassword',
  'hintQuestion',
  'hintAnswer',
  'captcha',
  'agreeTerms',
] as const;

const EMPTY: RegisterValues = {
  account: '',
  nickname: '',
  password: '',
  confirmPassword: '',
  hintQuestion: '',
  hintAnswer: '',
  captcha: '',
  agreeTerms: false,
};

export interface RegisterFormProps {
  /** Where the new member is taken 3 s after registering. */
  redirectTo: string;
  loginHref: string;
}

/** Registration by account name; on success the member is logged in and taken on after 3 seconds. */
export function RegisterForm({ redirectTo, loginHref }: RegisterFormProps) {
  const { t } = useTranslation();
  const form = useFormState<RegisterValues>(EMPTY);
  const { values, setValue, errors, formError, showProblems, translate } = form;
  const [closed, setClosed] = useState<string | null>(null);
  const [registered, setRegistered] = useState<SystemUser | null>(null);
  const captcha = useCaptcha(registered === null && closed === null);
  const register = useRegister();
  const termsId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    if (showProblems(translate(validateRegister(values)))) return;
    if (!captcha.data) {
      showProblems({ captcha: t('account.captchaFailed') });
      return;
    }
    register.mutate(
      { ...values, captchaKey: captcha.data.captchaKey },
      {
        onSuccess: (answer) => setRegistered(answer.systemUser),
        onError: (error) => {
          const problems = formProblemsOf(error, FIELDS, t);
          if (problems.closed !== null) {
            setClosed(problems.closed);
            return;
          }
          // The captcha was used up by this attempt.
          setValue('captcha', '');
          void captcha.refetch();
          showProblems(problems.fields, problems.form);
        },
      },
    );
  };

  if (closed !== null) return <FeatureClosed message={closed} fallback={t('featureClosed.register')} />;
  if (registered) return <Registered user={registered} redirectTo={redirectTo} />;

  const text = (field: Exclude<keyof RegisterValues, 'agreeTerms'>) => ({
    name: field,
    value: values[field],
    onValueChange: (value: string) => setValue(field, value),
    error: errors[field],
  });

  return (
    <form ref={form.formRef} className="account-form" noValidate onSubmit={submit}>
      {formError ? (
        <p className="form-error" role="alert" tabIndex={-1}>
          {formError}
        </p>
      ) : null}
      <TextField
        {...text('account')}
        label={t('account.fields.account')}
        hint={t('account.hints.account')}
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        required
      />
      <TextField
        {...text('nickname')}
        label={t('account.fields.nickname')}
        optionalLabel={t('account.optional')}
        hint={t('account.hints.nickname')}
        autoComplete="nickname"
      />
      <TextField
        {...text('password')}
        label={t('account.fields.password')}
        hint={t('account.hints.password')}
        type="password"
        autoComplete="new-password"
        required
      />
      <TextField
        {...text('confirmPassword')}
        label={t('account.fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
      <fieldset className="account-form__group">
        <legend>{t('account.register.optionalSection')}</legend>
        <p className="field__hint">{t('account.hints.hint')}</p>
        <TextField {...text('hintQuestion')} label={t('account.fields.hintQuestion')} autoComplete="off" />
        <TextField {...text('hintAnswer')} label={t('account.fields.hintAnswer')} autoComplete="off" />
      </fieldset>
      <TextField
        {...text('captcha')}
        label={t('account.fields.captcha')}
        hint={t('account.hints.captcha')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        required
        addon={
          <CaptchaImage
            captcha={captcha.data}
            loading={captcha.isFetching}
            failed={captcha.isError}
            onRefresh={() => void captcha.refetch()}
          />
        }
      />
      <div className={`field field--check${errors.agreeTerms ? ' field--invalid' : ''}`}>
        <div className="field__check">
          <input
            id={termsId}
            type="checkbox"
            name="agreeTerms"
            checked={values.agreeTerms}
            onChange={(event) => setValue('agreeTerms', event.target.checked)}
            aria-invalid={errors.agreeTerms ? true : undefined}
            aria-describedby={errors.agreeTerms ? `${termsId}-error` : undefined}
          />
          <label htmlFor={termsId}>{t('account.register.agreeTerms')}</label>
        </div>
        <Link to="/termsService" target="_blank" rel="noopener">
          {t('account.register.readTerms')}
          <span className="visually-hidden"> {t('account.register.opensNewTab')}</span>
        </Link>
        {errors.agreeTerms ? (
          <p id={`${termsId}-error`} className="field__error">
            {errors.agreeTerms}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--primary account-form__submit" disabled={register.isPending}>
        {register.isPending ? t('account.register.submitting') : t('account.register.submit')}
      </button>
      <p className="account-form__links">
        <span>
          {t('account.register.haveAccount')} <Link to={loginHref}>{t('account.register.login')}</Link>
        </span>
      </p>
    </form>
  );
}

function Registered({ user, redirectTo }: { user: SystemUser; redirectTo: string }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="account-success" aria-labelledby="register-success-title">
      <h2 id="register-success-title" ref={heading} tabIndex={-1}>
        {t('account.register.successTitle')}
      </h2>
      <p>{t('account.register.success', { name: user.nickname || user.account })}</p>
      <RedirectNotice to={redirectTo} />
    </section>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FeatureClosed } from '@/components/ui/feature-closed';
import { TextField } from '@/components/ui/form-field';
import { RedirectNotice } from '@/components/ui/redirect-notice';
import type { SystemUser } from '@/lib/api/api-types';
import { rules, type Invalid } from '@/lib/validation';
import { useCaptcha } from '../api/get-captcha';
import { useRegisterWithCode } from '../api/register-with-code';
import { useFormState } from '@/hooks/use-form-state';
import { formProblemsOf } from '@/lib/form-problems';
import { CodeFields } from './code-fields';

interface CodeRegisterValues {
  target: string;
  code: string;
  nickname: string;
  password: string;
  confirmPassword: string;
  captcha: string;
  agreeTerms: boolean;
}

type Field = keyof CodeRegisterValues;

const EMPTY: CodeRegisterValues = {
  target: '',
  code: '',
  nickname: '',
  password: '',
  confirmPassword: '',
  captcha: '',
  agreeTerms: false,
};

export interface CodeRegisterFormProps {
  method: 'phone' | 'email';
  redirectTo: string;
  loginHref: string;
}

/**
 * Registration with a phone number or email address proven by a code (the server makes up the account name).
 * The captcha is asked for when sending the code and again for the registration, since each is single-use.
 */
export function CodeRegisterForm({ method, redirectTo, loginHref }: CodeRegisterFormProps) {
  const { t } = useTranslation();
  const form = useFormState<CodeRegisterValues>(EMPTY);
  const { values, setValue, errors, formError, showProblems, translate } = form;
  const [closed, setClosed] = useState<string | null>(null);
  const [registered, setRegistered] = useState<SystemUser | null>(null);
  const captcha = useCaptcha(registered === null && closed === null);
  const register = useRegisterWithCode();
  const termsId = useId();
  const targetName = method;
  const codeName = method === 'phone' ? 'smsCode' : 'emailCode';

  const targetProblem = () => (method === 'phone' ? rules.phone(values.target) : rules.email(values.target));
  const show = (fields: Record<string, string | undefined>, formMessage: string | null = null) =>
    showProblems(
      {
        target: fields[targetName] ?? fields.target,
        code: fields[codeName] ?? fields.code,
        nickname: fields.nickname,
        password: fields.password,
        confirmPassword: fields.confirmPassword,
        captcha: fields.captcha,
        agreeTerms: fields.agreeTerms,
      },
      formMessage,
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    const checks: Partial<Record<Field, Invalid | null>> = {
      target: targetProblem(),
      code: method === 'phone' ? rules.smsCode(values.code) : rules.verificationCode(values.code),
      nickname: rules.nickname(values.nickname),
      password: rules.password(values.password),
      confirmPassword: rules.confirmPassword(values.confirmPassword, values.password),
      captcha: rules.captcha(values.captcha),
      agreeTerms: rules.agreeTerms(values.agreeTerms),
    };
    const problems = Object.fromEntries(Object.entries(checks).filter(([, problem]) => problem));
    if (showProblems(translate(problems))) return;
    if (!captcha.data) {
      showProblems({ captcha: t('account.captchaFailed') });
      return;
    }
    register.mutate(
      {
        method,
        target: values.target,
        code: values.code,
        password: values.password,
        confirmPassword: values.confirmPassword,
        nickname: values.nickname,
        agreeTerms: values.agreeTerms,
        captchaKey: captcha.data.captchaKey,
        captcha: values.captcha,
      },
      {
        onSuccess: (answer) => setRegistered(answer.systemUser),
        onError: (error) => {
          const fields = [targetName, codeName, 'nickname', 'password', 'confirmPassword', 'captcha', 'agreeTerms'];
          const problems = formProblemsOf(error, fields, t, { 'identity.code_invalid': codeName });
          if (problems.closed !== null) {
            setClosed(problems.closed);
            return;
          }
          setValue('captcha', '');
          void captcha.refetch();
          show(problems.fields, problems.form);
        },
      },
    );
  };

  if (closed !== null) return <FeatureClosed message={closed} fallback={t('featureClosed.register')} />;
  if (registered) return <Registered user={registered} redirectTo={redirectTo} />;

  const text = (field: 'nickname' | 'password' | 'confirmPassword') => ({
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
        label={t(method === 'phone' ? 'codes.phone' : 'codes.email')}
        name={targetName}
        type={method === 'phone' ? 'tel' : 'email'}
        autoComplete={method === 'phone' ? 'tel' : 'email'}
        required
        value={values.target}
        onValueChange={(value) => setValue('target', value)}
        error={errors.target}
      />
      <CodeFields
        channel={method === 'phone' ? 'sms' : 'email'}
        purpose="register"
        target={values.target}
        checkTarget={() => {
          const problem = targetProblem();
          return problem ? { target: t(problem.key, problem.params ?? {}) } : {};
        }}
        captcha={captcha}
        captchaValue={values.captcha}
        onCaptchaChange={(value) => setValue('captcha', value)}
        captchaError={errors.captcha}
        codeName={codeName}
        code={values.code}
        onCodeChange={(value) => setValue('code', value)}
        codeError={errors.code}
        showProblems={show}
        fields={[targetName]}
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
    <section className="account-success" aria-labelledby="register-code-success-title">
      <h2 id="register-code-success-title" ref={heading} tabIndex={-1}>
        {t('account.register.successTitle')}
      </h2>
      <p>{t('account.register.success', { name: user.nickname || user.account })}</p>
      <RedirectNotice to={redirectTo} />
    </section>
  );
}

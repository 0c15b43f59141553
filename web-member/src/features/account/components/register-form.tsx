import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { FeatureClosed } from '@/components/ui/feature-closed';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/form-field';
import { PasswordPairFields } from '@/components/ui/password-pair-fields';
import type { SystemUser } from '@/lib/api/api-types';
import { useCaptcha } from '../api/get-captcha';
import { useRegister } from '../api/register';
import { useFormState } from '@/hooks/use-form-state';
import { formProblemsOf } from '@/lib/form-problems';
import { validateRegister, type RegisterValues } from '../utils/validate';
import { AccountField } from './account-field';
import { CaptchaField } from './captcha-field';
import { Registered, RegisterSubmit } from './registration-parts';
import { TermsField } from './terms-field';

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
  if (registered) return <Registered user={registered} redirectTo={redirectTo} titleId="register-success-title" />;

  const text = (field: Exclude<keyof RegisterValues, 'agreeTerms'>) => ({
    name: field,
    value: values[field],
    onValueChange: (value: string) => setValue(field, value),
    error: errors[field],
  });

  return (
    <form ref={form.formRef} className="account-form" noValidate onSubmit={submit}>
      <FormError message={formError} />
      <AccountField
        hint={t('account.hints.account')}
        value={values.account}
        onValueChange={(value) => setValue('account', value)}
        error={errors.account}
      />
      <TextField
        {...text('nickname')}
        label={t('account.fields.nickname')}
        optionalLabel={t('account.optional')}
        hint={t('account.hints.nickname')}
        autoComplete="nickname"
      />
      <PasswordPairFields
        passwordLabel={t('account.fields.password')}
        values={values}
        errors={errors}
        onValueChange={setValue}
      />
      <fieldset className="account-form__group">
        <legend>{t('account.register.optionalSection')}</legend>
        <p className="field__hint">{t('account.hints.hint')}</p>
        <TextField {...text('hintQuestion')} label={t('account.fields.hintQuestion')} autoComplete="off" />
        <TextField {...text('hintAnswer')} label={t('account.fields.hintAnswer')} autoComplete="off" />
      </fieldset>
      <CaptchaField
        captcha={captcha}
        value={values.captcha}
        onValueChange={(value) => setValue('captcha', value)}
        error={errors.captcha}
      />
      <TermsField
        checked={values.agreeTerms}
        onCheckedChange={(checked) => setValue('agreeTerms', checked)}
        error={errors.agreeTerms}
      />
      <RegisterSubmit pending={register.isPending} loginHref={loginHref} />
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { FeatureClosed } from '@/components/ui/feature-closed';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/form-field';
import { PasswordPairFields } from '@/components/ui/password-pair-fields';
import type { SystemUser } from '@/lib/api/api-types';
import { rules, type Invalid } from '@/lib/validation';
import { useCaptcha } from '../api/get-captcha';
import { useRegisterWithCode } from '../api/register-with-code';
import { useFormState } from '@/hooks/use-form-state';
import { formProblemsOf } from '@/lib/form-problems';
import { CodeTargetField } from './code-target-field';
import { Registered, RegisterSubmit } from './registration-parts';
import { TermsField } from './terms-field';

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
 * The captcha is asked for once, to send the code: the code then proves the member, so registering asks for none.
 */
export function CodeRegisterForm({ method, redirectTo, loginHref }: CodeRegisterFormProps) {
  const { t } = useTranslation();
  const form = useFormState<CodeRegisterValues>(EMPTY);
  const { values, setValue, errors, formError, showProblems, translate } = form;
  const [closed, setClosed] = useState<string | null>(null);
  const [registered, setRegistered] = useState<SystemUser | null>(null);
  const captcha = useCaptcha(registered === null && closed === null);
  const register = useRegisterWithCode();
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
      agreeTerms: rules.agreeTerms(values.agreeTerms),
    };
    const problems = Object.fromEntries(Object.entries(checks).filter(([, problem]) => problem));
    if (showProblems(translate(problems))) return;
    register.mutate(
      {
        method,
        target: values.target,
        code: values.code,
        password: values.password,
        confirmPassword: values.confirmPassword,
        nickname: values.nickname,
        agreeTerms: values.agreeTerms,
      },
      {
        onSuccess: (answer) => setRegistered(answer.systemUser),
        onError: (error) => {
          const fields = [targetName, codeName, 'nickname', 'password', 'confirmPassword', 'agreeTerms'];
          const problems = formProblemsOf(error, fields, t, { 'identity.code_invalid': codeName });
          if (problems.closed !== null) {
            setClosed(problems.closed);
            return;
          }
          show(problems.fields, problems.form);
        },
      },
    );
  };

  if (closed !== null) return <FeatureClosed message={closed} fallback={t('featureClosed.register')} />;
  if (registered) return <Registered user={registered} redirectTo={redirectTo} titleId="register-code-success-title" />;

  return (
    <form ref={form.formRef} className="account-form" noValidate onSubmit={submit}>
      <FormError message={formError} />
      <CodeTargetField
        method={method}
        purpose="register"
        values={values}
        errors={errors}
        onValueChange={setValue}
        checkTarget={() => {
          const problem = targetProblem();
          return problem ? { target: t(problem.key, problem.params ?? {}) } : {};
        }}
        captcha={captcha}
        showProblems={show}
      />
      <TextField
        name="nickname"
        value={values.nickname}
        onValueChange={(value) => setValue('nickname', value)}
        error={errors.nickname}
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
      <TermsField
        checked={values.agreeTerms}
        onCheckedChange={(checked) => setValue('agreeTerms', checked)}
        error={errors.agreeTerms}
      />
      <RegisterSubmit pending={register.isPending} loginHref={loginHref} />
    </form>
  );
}

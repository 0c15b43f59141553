import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { FeatureClosed } from '@/components/ui/feature-closed';
import { FormError } from '@/components/ui/form-error';
import { rules } from '@/lib/validation';
import { useCaptcha } from '../api/get-captcha';
import { useLoginWithCode } from '../api/login-with-code';
import { useFormState } from '@/hooks/use-form-state';
import { formProblemsOf } from '@/lib/form-problems';
import { CodeTargetField } from './code-target-field';

interface CodeLoginValues {
  target: string;
  captcha: string;
  code: string;
}

export interface CodeLoginFormProps {
  method: 'phone' | 'email';
  onLoggedIn: () => void;
}

/** Login with a phone number and SMS code, or an email address and email code. */
export function CodeLoginForm({ method, onLoggedIn }: CodeLoginFormProps) {
  const { t } = useTranslation();
  const form = useFormState<CodeLoginValues>({ target: '', captcha: '', code: '' });
  const { values, setValue, errors, formError, showProblems } = form;
  const [closed, setClosed] = useState<string | null>(null);
  const captcha = useCaptcha(closed === null);
  const login = useLoginWithCode();
  const targetName = method;
  const codeName = method === 'phone' ? 'smsCode' : 'emailCode';

  const checkTarget = () => {
    const problem = method === 'phone' ? rules.phone(values.target) : rules.email(values.target);
    return problem ? { target: t(problem.key, problem.params ?? {}) } : {};
  };
  const checkCode = () => {
    const problem = method === 'phone' ? rules.smsCode(values.code) : rules.verificationCode(values.code);
    return problem ? { code: t(problem.key, problem.params ?? {}) } : {};
  };
  /** Server field names → this form's fields. */
  const show = (fields: Record<string, string | undefined>, formMessage: string | null = null) =>
    showProblems(
      {
        target: fields[targetName] ?? fields.target,
        captcha: fields.captcha,
        code: fields[codeName] ?? fields.code,
      },
      formMessage,
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    if (showProblems({ ...checkTarget(), ...checkCode() })) return;
    login.mutate(
      method === 'phone'
        ? { method, phone: values.target, smsCode: values.code }
        : { method, email: values.target, emailCode: values.code },
      {
        onSuccess: () => onLoggedIn(),
        onError: (error) => {
          const problems = formProblemsOf(error, [targetName, codeName], t, { 'identity.code_invalid': codeName });
          if (problems.closed !== null) {
            setClosed(problems.closed);
            return;
          }
          show(problems.fields, problems.form);
        },
      },
    );
  };

  if (closed !== null) return <FeatureClosed message={closed} fallback={t('featureClosed.login')} />;

  return (
    <form ref={form.formRef} className="account-form" noValidate onSubmit={submit}>
      <FormError message={formError} />
      <CodeTargetField
        method={method}
        purpose="login"
        values={values}
        errors={errors}
        onValueChange={setValue}
        checkTarget={checkTarget}
        captcha={captcha}
        showProblems={show}
      />
      <button type="submit" className="button button--primary account-form__submit" disabled={login.isPending}>
        {login.isPending ? t('account.login.submitting') : t('account.login.submit')}
      </button>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { FormError } from '@/components/ui/form-error';
import { PasswordPairFields } from '@/components/ui/password-pair-fields';
import { RedirectNotice } from '@/components/ui/redirect-notice';
import { rules } from '@/lib/validation';
import { useResetPassword } from '../api/password-recovery';
import { useFormState } from '@/hooks/use-form-state';
import { formProblemsOf } from '@/lib/form-problems';

/** Step 2: the new password twice; then every session has ended and the member logs in again (after 3 s). */
export function FindPasswordStep2({ recoveryToken }: { recoveryToken: string | null }) {
  const { t } = useTranslation();
  const form = useFormState({ password: '', confirmPassword: '' });
  const { values, setValue, errors, formError, showProblems, translate } = form;
  const reset = useResetPassword();
  const [done, setDone] = useState(false);

  if (!recoveryToken) {
    return (
      <div className="inline-error" role="alert">
        <p>{t('recovery.noToken')}</p>
        <p>
          <Link to="/findPassWord/step1">{t('recovery.backToStep1')}</Link>
        </p>
      </div>
    );
  }
  if (done) {
    return (
      <section className="account-success">
        <p role="status">{t('recovery.done')}</p>
        <RedirectNotice to="/login" />
      </section>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const password = rules.password(values.password);
    const confirm = rules.confirmPassword(values.confirmPassword, values.password);
    const problems = translate({ ...(password ? { password } : {}), ...(confirm ? { confirmPassword: confirm } : {}) });
    if (showProblems(problems)) return;
    reset.mutate(
      { recoveryToken, password: values.password, confirmPassword: values.confirmPassword },
      {
        onSuccess: () => setDone(true),
        onError: (error) => {
          const problems = formProblemsOf(error, ['password', 'confirmPassword'], t);
          showProblems(problems.fields, problems.closed ?? problems.form);
        },
      },
    );
  };

  return (
    <form ref={form.formRef} className="account-form" noValidate onSubmit={submit}>
      <FormError message={formError} />
      <PasswordPairFields
        passwordLabel={t('recovery.newPassword')}
        values={values}
        errors={errors}
        onValueChange={setValue}
      />
      <button type="submit" className="button button--primary account-form__submit" disabled={reset.isPending}>
        {t('recovery.reset')}
      </button>
    </form>
  );
}

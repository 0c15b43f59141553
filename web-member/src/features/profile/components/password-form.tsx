import type { FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { TextField } from '@/components/ui/form-field';
import { FormError } from '@/components/ui/form-error';
import { PasswordPairFields } from '@/components/ui/password-pair-fields';
import { toast } from '@/components/ui/toast-store';
import { useFormState } from '@/hooks/use-form-state';
import { formProblemsOf } from '@/lib/form-problems';
import { rules, type Invalid } from '@/lib/validation';
import { useChangePassword } from '../api/profile';

const EMPTY = { oldPassword: '', password: '', confirmPassword: '' };

/** Changing the password: the current one, then the new one twice (≥ 7 characters, equal). */
export function PasswordForm() {
  const { t } = useTranslation();
  const form = useFormState(EMPTY);
  const { values, setValue, setValues, errors, formError, showProblems, translate } = form;
  const change = useChangePassword();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const checks: Record<string, Invalid | null> = {
      // Only "not empty": an old password may predate today's length rule.
      oldPassword: values.oldPassword === '' ? rules.password('') : null,
      password: rules.password(values.password),
      confirmPassword: rules.confirmPassword(values.confirmPassword, values.password),
    };
    const problems = Object.fromEntries(Object.entries(checks).filter(([, problem]) => problem)) as Record<
      string,
      Invalid
    >;
    if (showProblems(translate(problems))) return;
    change.mutate(values, {
      onSuccess: () => {
        setValues(EMPTY);
        toast.success(t('profile.passwordChanged'));
      },
      onError: (error) => {
        const problems = formProblemsOf(error, ['oldPassword', 'password', 'confirmPassword'], t, {
          'identity.password_incorrect': 'oldPassword',
          'identity.login_failed': 'oldPassword',
        });
        showProblems(problems.fields, problems.closed ?? problems.form);
      },
    });
  };

  return (
    <form ref={form.formRef} className="account-form" noValidate onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title" className="section-title">
        {t('profile.changePassword')}
      </h2>
      <FormError message={formError} />
      <TextField
        label={t('profile.oldPassword')}
        name="oldPassword"
        type="password"
        autoComplete="current-password"
        required
        value={values.oldPassword}
        onValueChange={(value) => setValue('oldPassword', value)}
        error={errors.oldPassword}
      />
      <PasswordPairFields
        passwordLabel={t('recovery.newPassword')}
        values={values}
        errors={errors}
        onValueChange={setValue}
      />
      <button type="submit" className="button button--primary account-form__submit" disabled={change.isPending}>
        {t('profile.changePassword')}
      </button>
    </form>
  );
}

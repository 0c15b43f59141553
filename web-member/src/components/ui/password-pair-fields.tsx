import { useTranslation } from '@/lib/translator';
import { TextField } from './form-field';

type PasswordField = 'password' | 'confirmPassword';

export interface PasswordPairFieldsProps {
  /** The first field's label ("Password" when registering, "New password" when changing it). */
  passwordLabel: string;
  values: Record<PasswordField, string>;
  errors: Partial<Record<PasswordField, string>>;
  onValueChange: (field: PasswordField, value: string) => void;
}

/** A new password and its confirmation (`new-password`, so browsers offer to generate and save one). */
export function PasswordPairFields({ passwordLabel, values, errors, onValueChange }: PasswordPairFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={passwordLabel}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={t('account.hints.password')}
        required
        value={values.password}
        onValueChange={(value) => onValueChange('password', value)}
        error={errors.password}
      />
      <TextField
        label={t('account.fields.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onValueChange={(value) => onValueChange('confirmPassword', value)}
        error={errors.confirmPassword}
      />
    </>
  );
}

import { useTranslation } from '@/lib/translator';
import { TextField } from '@/components/ui/form-field';

export interface AccountFieldProps {
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  /** The registration form explains the account-name rules; logging in needs no hint. */
  hint?: string;
}

/** The account name, typed as-is (no auto-capitalising or spell-checking) and offered from saved logins. */
export function AccountField({ value, onValueChange, error, hint }: AccountFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('account.fields.account')}
      name="account"
      hint={hint}
      autoComplete="username"
      autoCapitalize="off"
      spellCheck={false}
      required
      value={value}
      onValueChange={onValueChange}
      error={error}
    />
  );
}

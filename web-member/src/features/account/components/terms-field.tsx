import { useId } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';

export interface TermsFieldProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string;
}

/** "I agree to the terms" with a link that opens them in a new tab (announced to screen readers). */
export function TermsField({ checked, onCheckedChange, error }: TermsFieldProps) {
  const { t } = useTranslation();
  const termsId = useId();
  return (
    <div className={`field field--check${error ? ' field--invalid' : ''}`}>
      <div className="field__check">
        <input
          id={termsId}
          type="checkbox"
          name="agreeTerms"
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${termsId}-error` : undefined}
        />
        <label htmlFor={termsId}>{t('account.register.agreeTerms')}</label>
      </div>
      <Link to="/termsService" target="_blank" rel="noopener">
        {t('account.register.readTerms')}
        <span className="visually-hidden"> {t('account.register.opensNewTab')}</span>
      </Link>
      {error ? (
        <p id={`${termsId}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translator';
import { TextField } from '@/components/ui/form-field';
import type { Captcha } from '../api/get-captcha';
import { CaptchaImage } from './captcha-image';

export interface CaptchaFieldProps {
  captcha: UseQueryResult<Captcha>;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  /** Defaults to the plain captcha hint; the code forms explain that the captcha guards the send. */
  hint?: string;
}

/** The captcha input with its image beside it (a click on the image asks for a new one). */
export function CaptchaField({ captcha, value, onValueChange, error, hint }: CaptchaFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('account.fields.captcha')}
      name="captcha"
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      required
      value={value}
      onValueChange={onValueChange}
      error={error}
      hint={hint ?? t('account.hints.captcha')}
      addon={
        <CaptchaImage
          captcha={captcha.data}
          loading={captcha.isFetching}
          failed={captcha.isError}
          onRefresh={() => void captcha.refetch()}
        />
      }
    />
  );
}

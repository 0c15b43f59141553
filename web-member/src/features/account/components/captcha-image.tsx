import { useTranslation } from '@/lib/translator';
import type { Captcha } from '../api/get-captcha';

export interface CaptchaImageProps {
  captcha: Captcha | undefined;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
}

/** The captcha picture as a button: a click fetches a new one. */
export function CaptchaImage({ captcha, loading, failed, onRefresh }: CaptchaImageProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="captcha-image"
      onClick={onRefresh}
      aria-label={t('account.captchaRefresh')}
      aria-busy={loading || undefined}
    >
      {captcha && !failed ? (
        <img src={captcha.image} alt="" width={120} height={40} />
      ) : (
        <span className="captcha-image__text">{failed ? t('account.captchaFailed') : t('account.captchaLoading')}</span>
      )}
    </button>
  );
}

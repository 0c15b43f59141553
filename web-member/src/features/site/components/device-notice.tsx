import { useTranslation } from '@/lib/translator';
import { mobileAccessCookie } from '@/lib/supported-device';

/** Shown instead of the site when it does not support desktop browsers. */
export function DeviceNotice({ onChooseMobile }: { onChooseMobile?: () => void }) {
  const { t } = useTranslation();
  const chooseMobile =
    onChooseMobile ??
    (() => {
      document.cookie = mobileAccessCookie();
      window.location.reload();
    });
  return (
    <main id="main" className="device-notice">
      <h1>{t('device.title')}</h1>
      <p className="device-notice__subtitle">{t('device.subtitle')}</p>
      <button type="button" className="button button--primary" onClick={chooseMobile}>
        {t('device.useMobile')}
      </button>
    </main>
  );
}

import { useTranslation } from '@/lib/translator';

/** When a screen cannot be shown at all (e.g. its code failed to load after a deployment). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main id="main" className="container site-main">
      <h1>{t('common.error')}</h1>
      <p role="alert">{t('common.pageError')}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </main>
  );
}

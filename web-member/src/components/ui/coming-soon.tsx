import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';

/** The honest state of a screen whose capability is not built yet. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{title}</h1>
      <div role="status" className="coming-soon__status">
        <p className="coming-soon__label">{t('common.comingSoon')}</p>
        <p>{t('common.comingSoonDetail')}</p>
      </div>
      <p>
        <Link to="/">{t('common.backHome')}</Link>
      </p>
    </section>
  );
}

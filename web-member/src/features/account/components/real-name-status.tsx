import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { useMe } from '../api/get-me';

export const REAL_NAME_PATH = '/user/control/realNameAuthentication';

/** Real-name authentication = a bound phone: the number (masked), whether it is verified, and how to change it. */
export function RealNameStatus() {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isPending) {
    return (
      <p className="muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  }
  if (me.isError) {
    return (
      <div className="inline-error" role="alert">
        <p>{t('phone.loadError')}</p>
        <button type="button" className="button" onClick={() => void me.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const { phone, realNameVerified } = me.data;
  return (
    <dl className="facts">
      <dt>{t('phone.boundPhone')}</dt>
      <dd>{phone ?? t('phone.noPhone')}</dd>
      <dt>{t('phone.status')}</dt>
      <dd>
        <span className={`status-pill${realNameVerified ? ' status-pill--ok' : ''}`}>
          {realNameVerified ? t('phone.verified') : t('phone.notVerified')}
        </span>
      </dd>
      <dd className="facts__action">
        {phone ? (
          <Link className="button" to="/user/control/updatePhoneBinding/step1">
            {t('phone.change')}
          </Link>
        ) : (
          <Link className="button button--primary" to="/user/control/phoneBinding">
            {t('phone.bind')}
          </Link>
        )}
      </dd>
    </dl>
  );
}

import { useTranslation } from '@/lib/translator';
import { Pagination } from '@/components/ui/pagination';
import { formatDateTime } from '@/lib/format-time';
import { useLoginLog } from '../api/get-login-log';

export const LOGIN_LOG_PAGE_SIZE = 20;

/** The member's logins and token renewals (time, IP, IP location, type), one page at a time. */
export function LoginLog({ page }: { page: number }) {
  const { t, i18n } = useTranslation();
  const log = useLoginLog({ page, pageSize: LOGIN_LOG_PAGE_SIZE });

  if (log.isPending) {
    return (
      <p className="muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  }
  if (log.isError) {
    return (
      <div className="inline-error" role="alert">
        <p>{t('account.loginLog.loadError')}</p>
        <button type="button" className="button" onClick={() => void log.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const { items, total, totalPages } = log.data;
  if (items.length === 0 && page === 1) return <p className="muted">{t('account.loginLog.empty')}</p>;
  return (
    <>
      <div className="table-scroll">
        <table className="data-table">
          <caption>{t('account.loginLog.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('account.loginLog.time')}</th>
              <th scope="col">{t('account.loginLog.ip')}</th>
              <th scope="col">{t('account.loginLog.ipLocation')}</th>
              <th scope="col">{t('account.loginLog.type')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((entry, index) => (
              <tr key={`${entry.at}-${index}`}>
                <td>
                  <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.language)}</time>
                </td>
                <td className="data-table__code">{entry.ip}</td>
                <td>{entry.ipLocation || t('account.loginLog.unknownLocation')}</td>
                <td>
                  {entry.type === 'renewal' ? t('account.loginLog.types.renewal') : t('account.loginLog.types.login')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">{t('account.loginLog.total', { total })}</p>
      <Pagination page={page} totalPages={totalPages} />
    </>
  );
}

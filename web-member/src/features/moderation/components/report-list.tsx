import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { Pagination } from '@/components/ui/pagination';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { topicHref } from '@/features/topics';
import { formatDateTime } from '@/lib/format-time';
import { useDeleteReport, useMyReports, type MyReport } from '../api/moderation';

/** Where the reported item is: its topic (with the comment for a comment), while it exists. */
function contentHref({ content }: MyReport): string | null {
  if (!content.topicId || content.deleted) return null;
  const topic = topicHref(content.topicId);
  return content.kind === 'comment' ? `${topic}&commentId=${encodeURIComponent(content.contentId)}` : topic;
}

/** A report the member deleted keeps its row with the mark; the rest can be deleted. */
const deletable = (status: number) => status < 1000;

/** `reportList`: my reports with their status (the nine codes), type, reason, times and the staff's result. */
export function ReportList({ page }: { page: number }) {
  const { t, i18n } = useTranslation();
  const list = useMyReports(page);
  const remove = useDeleteReport();
  const time = (iso: string) => formatDateTime(iso, i18n.language);
  if (list.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (list.isError) {
    return (
      <div className="inline-error" role="alert">
        <p>{t('moderation.loadError')}</p>
        <button type="button" className="button" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const { items, totalPages } = list.data;
  if (items.length === 0) return <p className="muted">{t('moderation.reports.empty')}</p>;
  return (
    <>
      <ul className="report-list" aria-label={t('moderation.reports.list')}>
        {items.map((report) => {
          const href = contentHref(report);
          const what = report.content.excerpt ?? t(`moderation.kind.${report.content.kind}`);
          return (
            <li key={report.id} className="report-list__row">
              <p>
                <span className={`report-status report-status--${report.status % 1000}`}>
                  {t(`moderation.status.${report.status}`)}
                </span>{' '}
                <span>{t(`moderation.kind.${report.content.kind}`)}</span>{' '}
                {href ? <Link to={href}>{what}</Link> : <span className="muted">{what}</span>}
              </p>
              <p>
                {t('moderation.reports.type')}: {report.typeName}
                {report.reason ? (
                  <>
                    {' · '}
                    {t('moderation.reports.reason')}: {report.reason}
                  </>
                ) : null}
              </p>
              {report.imageUrls.length ? (
                <p className="report-images">
                  {report.imageUrls.map((url) => (
                    <a key={url} href={url} target="_blank" rel="noreferrer">
                      <img src={url} alt={t('moderation.reports.image')} width={48} height={48} />
                    </a>
                  ))}
                </p>
              ) : null}
              <p className="muted">
                {t('moderation.reports.filedAt', { time: time(report.filedAt) })}
                {report.resolvedAt
                  ? ` · ${t('moderation.reports.resolvedAt', { time: time(report.resolvedAt) })}`
                  : null}
              </p>
              {report.result ? (
                <p className="report-result">
                  {t('moderation.reports.result')}: {report.result}
                </p>
              ) : null}
              {deletable(report.status) ? (
                <ConfirmButton
                  label={t('moderation.delete')}
                  question={t('moderation.reports.deleteConfirm')}
                  onConfirm={() => remove.mutate(report.id)}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      <Pagination page={page} totalPages={totalPages} />
    </>
  );
}

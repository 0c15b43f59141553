import '../messages.css';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/translator';
import { Pagination } from '@/components/ui/pagination';
import type { Page } from '@/lib/api/api-types';
import { formatDateTime } from '@/lib/format-time';

/** One page of a messaging list: loading, failure with a retry, empty, or the rows with the page links. */
export function PagedMessages<T>({
  list,
  page,
  children,
}: {
  list: UseQueryResult<Page<T>>;
  page: number;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (list.isPending) {
    return (
      <p className="muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  }
  if (list.isError) {
    return (
      <div className="inline-error" role="alert">
        <p>{t('messages.loadError')}</p>
        <button type="button" className="button" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const { items, totalPages } = list.data;
  if (items.length === 0 && page === 1) return <p className="muted">{t('messages.empty')}</p>;
  return (
    <>
      {children(items)}
      <Pagination page={page} totalPages={totalPages} />
    </>
  );
}

/** A date and time in the member's language. */
export function Time({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={iso}>{formatDateTime(iso, i18n.language)}</time>;
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/ui/pagination';
import { usePagedForumList } from '../api/my-lists';

export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
}

/** A control-panel list: one page of `/api/forum/<path>` as a table, the page number in the URL. */
export function PagedTable<T>({
  path,
  page,
  caption,
  columns,
  rowKey,
}: {
  path: string;
  page: number;
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T, index: number) => string;
}) {
  const { t } = useTranslation();
  const list = usePagedForumList<T>(path, page);
  if (list.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (list.isError) {
    return (
      <div className="inline-error" role="alert">
        <p>{t('forum.my.loadError')}</p>
        <button type="button" className="button" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (list.data.shown === false) return <p className="muted">{t('forum.my.dynamicsHidden')}</p>;
  const { items, totalPages } = list.data;
  if (!items.length) return <p className="muted">{t('forum.my.empty')}</p>;
  return (
    <>
      <div className="table-scroll">
        <table className="data-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {columns.map((column) => (
                  <td key={column.label}>{column.cell(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} totalPages={totalPages} />
    </>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/translator';
import { Pagination } from '@/components/ui/pagination';
import type { Page } from '@/lib/api/api-types';
import { usePagedForumList } from '../api/my-lists';

export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
}

interface TableProps<T> {
  page: number;
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T, index: number) => string;
}

/** A control-panel list: one page of `/api/forum/<path>` as a table, the page number in the URL. */
export function PagedTable<T>({ path, ...table }: TableProps<T> & { path: string }) {
  return <PagedTableView list={usePagedForumList<T>(path, table.page)} {...table} />;
}

/** One page of any paged list (loading, failure, empty, rows, pages), whichever query loaded it. */
export function PagedTableView<T>({
  list,
  page,
  caption,
  columns,
  rowKey,
}: TableProps<T> & { list: UseQueryResult<Page<T> & { shown?: boolean }> }) {
  const { t } = useTranslation();
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

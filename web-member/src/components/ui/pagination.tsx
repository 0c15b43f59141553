import { useTranslation } from '@/lib/translator';
import { Link, useLocation } from '@/lib/router';

/** The `?page=` value as a page number (1 when absent or not a whole number ≥ 1). */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function withPage(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '?';
}

/** Previous / next links that keep the page number in the URL (`?page=2`). */
export function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('common.pagination')}>
      {page > 1 ? (
        <Link to={withPage(search, page - 1)} rel="prev">
          {t('common.previousPage')}
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">{t('common.pageOf', { page, total: totalPages })}</span>
      {page < totalPages ? (
        <Link to={withPage(search, page + 1)} rel="next">
          {t('common.nextPage')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

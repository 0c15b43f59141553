import '../search.css';
import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { AuthorName } from '@/components/member/author-name';
import { Pagination } from '@/components/ui/pagination';
import { formatDateTime } from '@/lib/format-time';
import { useSearch } from '../api/search';
import type { SearchParams } from '../api/search';
import { Highlighted } from './highlighted';

/** The results of one search: kind, highlighted title and snippet, author and time; paged. */
export function SearchResults(params: SearchParams) {
  const { t, i18n } = useTranslation();
  const results = useSearch(params);
  if (results.isPending) {
    return (
      <p className="muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  }
  if (results.isError) {
    return (
      <div className="inline-error" role="alert">
        <p>{t('search.loadError')}</p>
        <button type="button" className="button" onClick={() => void results.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const { items, total, totalPages } = results.data;
  if (total === 0) return <p className="muted">{t('search.empty', { keyword: params.keyword })}</p>;
  return (
    <>
      <p className="muted">{t('search.total', { count: total })}</p>
      <ol className="search-results" aria-label={t('search.results')}>
        {items.map((item) => (
          <li key={`${item.kind}:${item.id}`} className="search-result">
            <span className="search-result__kind">{t(`search.kinds.${item.kind}`)}</span>{' '}
            <Link to={item.link} className="search-result__title">
              <Highlighted html={item.title} />
            </Link>
            <p className="search-result__snippet">
              <Highlighted html={item.snippet} />
            </p>
            <p className="muted search-result__meta">
              {item.author ? (
                <>
                  <AuthorName author={item.author} />
                  {' · '}
                </>
              ) : null}
              <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, i18n.language)}</time>
            </p>
          </li>
        ))}
      </ol>
      <Pagination page={params.page} totalPages={Math.min(totalPages, 50)} />
    </>
  );
}

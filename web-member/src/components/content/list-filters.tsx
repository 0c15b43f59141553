import { useTranslation } from '@/lib/translator';
import { Link, useSearchParams } from '@/lib/router';

/** The URL's `filter` when it is one of `filters`, else `'all'`. */
export function listFilterFrom<F extends string>(filters: readonly F[], value: string | null): F | 'all' {
  return filters.includes(value as F) ? (value as F) : 'all';
}

/**
 * A list's filter tabs and tag choice, both kept in the URL of `path`; changing either starts at page 1. `keys`
 * name the texts: the tabs' `label` and one per filter under `keys.tabs`, the tag choice and its "all tags".
 */
export function ListFilters({
  path,
  filters,
  tags,
  keys,
}: {
  path: string;
  filters: readonly string[];
  tags: { tag: { tagId: string; name: string }; depth: number }[];
  keys: { tabs: string; tagFilter: string; allTags: string };
}) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = listFilterFrom(filters, searchParams.get('filter'));
  const tagId = searchParams.get('tagId') ?? '';

  const hrefFor = (next: string) => {
    const params = new URLSearchParams();
    if (next !== 'all') params.set('filter', next);
    if (tagId) params.set('tagId', tagId);
    const query = params.toString();
    return query ? `${path}?${query}` : path;
  };

  return (
    <div className="topic-filters">
      <nav className="topic-tabs" aria-label={t(`${keys.tabs}.label`)}>
        {filters.map((key) => (
          <Link
            key={key}
            to={hrefFor(key)}
            className={`topic-tabs__tab${key === filter ? ' topic-tabs__tab--current' : ''}`}
            aria-current={key === filter ? 'page' : undefined}
          >
            {t(`${keys.tabs}.${key}`)}
          </Link>
        ))}
      </nav>
      <label className="topic-filters__tag">
        <span>{t(keys.tagFilter)}</span>
        <select
          value={tagId}
          onChange={(event) => {
            const params = new URLSearchParams(searchParams);
            params.delete('page');
            if (event.target.value) params.set('tagId', event.target.value);
            else params.delete('tagId');
            setSearchParams(params);
          }}
        >
          <option value="">{t(keys.allTags)}</option>
          {tags.map(({ tag, depth }) => (
            <option key={tag.tagId} value={tag.tagId}>
              {`${'\u00a0\u00a0'.repeat(depth)}${tag.name}`}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

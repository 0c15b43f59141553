import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TopicFilter } from '../api/get-topics';
import { flattenTags, useTags } from '../api/tags';

const FILTERS: TopicFilter[] = ['all', 'essence', 'hot'];

export function filterFrom(value: string | null): TopicFilter {
  return FILTERS.includes(value as TopicFilter) ? (value as TopicFilter) : 'all';
}

/** The list's tabs (all / essence / hot) and tag choice, both kept in the URL; changing either starts at page 1. */
export function TopicFilters() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = filterFrom(searchParams.get('filter'));
  const tagId = searchParams.get('tagId') ?? '';
  const tags = useTags();

  const hrefFor = (next: TopicFilter) => {
    const params = new URLSearchParams();
    if (next !== 'all') params.set('filter', next);
    if (tagId) params.set('tagId', tagId);
    const query = params.toString();
    return query ? `/?${query}` : '/';
  };

  return (
    <div className="topic-filters">
      <nav className="topic-tabs" aria-label={t('forum.tabs.label')}>
        {FILTERS.map((key) => (
          <Link
            key={key}
            to={hrefFor(key)}
            className={`topic-tabs__tab${key === filter ? ' topic-tabs__tab--current' : ''}`}
            aria-current={key === filter ? 'page' : undefined}
          >
            {t(`forum.tabs.${key}`)}
          </Link>
        ))}
      </nav>
      <label className="topic-filters__tag">
        <span>{t('forum.tagFilter')}</span>
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
          <option value="">{t('forum.allTags')}</option>
          {flattenTags(tags.data?.items ?? []).map(({ tag, depth }) => (
            <option key={tag.tagId} value={tag.tagId}>
              {`${'\u00a0\u00a0'.repeat(depth)}${tag.name}`}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

import { ListFilters, listFilterFrom } from '@/components/content/list-filters';
import type { TopicFilter } from '../api/get-topics';
import { flattenTags, useTags } from '../api/tags';

const FILTERS: TopicFilter[] = ['all', 'essence', 'hot'];

export function filterFrom(value: string | null): TopicFilter {
  return listFilterFrom(FILTERS, value);
}

/** The list's tabs (all / essence / hot) and tag choice, both kept in the URL; changing either starts at page 1. */
export function TopicFilters() {
  const tags = useTags();
  return (
    <ListFilters
      path="/"
      filters={FILTERS}
      tags={flattenTags(tags.data?.items ?? [])}
      keys={{ tabs: 'forum.tabs', tagFilter: 'forum.tagFilter', allTags: 'forum.allTags' }}
    />
  );
}

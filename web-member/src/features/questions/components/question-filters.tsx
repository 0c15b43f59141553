import { ListFilters, listFilterFrom } from '@/components/content/list-filters';
import { flattenQaTags, useQaTags } from '../api/questions';
import { QUESTION_FILTERS, type QuestionFilter } from '../api/types';

export function questionFilterFrom(value: string | null): QuestionFilter {
  return listFilterFrom(QUESTION_FILTERS, value);
}

/** The six filters of `/askList` and the tag choice, both kept in the URL; changing either starts at page 1. */
export function QuestionFilters() {
  const tags = useQaTags();
  return (
    <ListFilters
      path="/askList"
      filters={QUESTION_FILTERS}
      tags={flattenQaTags(tags.data?.items ?? [])}
      keys={{ tabs: 'qa.filters', tagFilter: 'qa.tagFilter', allTags: 'qa.allTags' }}
    />
  );
}

/** Search page texts. */
export const searchEn = {
  keyword: 'Keywords',
  submit: 'Search',
  type: 'Type',
  sort: 'Order',
  allTypes: 'Everything',
  tag: 'Tag',
  allTags: 'All tags',
  kinds: { topic: 'Topic', question: 'Question', help: 'Help' },
  sorts: { relevance: 'Best match', latest: 'Newest' },
  results: 'Search results',
  hotTerms: 'Popular searches',
  prompt: 'Type a word or two, in Chinese or English.',
  total_one: '{{count}} result',
  total_other: '{{count}} results',
  empty: 'Nothing found for “{{keyword}}”.',
  loadError: 'The search could not be run.',
};

/**
 * The forum's topics (the feature's public entry): where a topic lives, for reminders and reports that link to it,
 * and a member's paged forum lists (the member card).
 */
export { topicHref } from './components/topic-href';
export { usePagedForumList } from './api/my-lists';

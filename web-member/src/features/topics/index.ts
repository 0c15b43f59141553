/** The forum's topics (the feature's public entry): where a topic lives, for reminders and reports that link to it. */
export { topicHref } from './components/topic-list';

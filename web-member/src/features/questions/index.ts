/** Q&A (the feature's public entry): where a question lives, for reminders that link to it. */
export { questionHref } from './components/question-list';

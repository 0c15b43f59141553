/** Q&A (the feature's public entry): where a question lives, and a member's paged Q&A lists (the member card). */
export { questionHref } from './components/question-list';
export { usePagedQaList } from './api/questions';

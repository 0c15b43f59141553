/** Moderation (the feature's public entry): the report button that topics, comments, questions and answers carry. */
export { ReportButton } from './components/report-button';

export { RevisionsButton } from './RevisionsButton';
export { revisionVerbs } from './revisions-api';
export type { Revision, RevisionKind, RevisionsDataProvider } from './revisions-api';
export { revisionsEn, revisionsZh } from './revisions.i18n';

import type { RevisionEvent } from '@forum/contracts';
import { visibilityDecider } from '@forum/platform';

/** Staff hide (or show again) one revision of a topic, comment or reply (ADR 0032). */
export const forumRevisionVisibilityDecider = visibilityDecider<RevisionEvent>(
  'revisionVisibility',
  { hidden: 'RevisionHidden', shown: 'RevisionShown' },
  'topicId',
);

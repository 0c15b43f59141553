import type { QaRevisionEvent } from '@forum/contracts';
import { visibilityDecider } from '@forum/platform';

/** Staff hide (or show again) one revision of a question or answer (ADR 0032). */
export const qaRevisionVisibilityDecider = visibilityDecider<QaRevisionEvent>(
  'qaRevisionVisibility',
  { hidden: 'QaRevisionHidden', shown: 'QaRevisionShown' },
  'questionId',
);

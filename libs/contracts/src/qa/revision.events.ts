import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

const REVISION = { context: 'qa', aggregate: 'revision' } as const;

/** What a Q&A revision belongs to (docs/rules/qa.md, edit history; ADR 0032). */
export const qaRevisionKinds = ['question', 'answer'] as const;
export type QaRevisionKind = (typeof qaRevisionKinds)[number];

const visibility = z.object({
  kind: z.enum(qaRevisionKinds),
  targetId: z.string(),
  questionId: z.string(),
  /** The revision: the stream version of the `QuestionAsked` / `…Edited` / `AnswerPosted` event that wrote it. */
  revision: z.number().int().min(1),
  by: z.string(),
  at: z.string(),
});

/** Staff hid an earlier revision of a question or answer (stream `revision-<kind>:<targetId>`). */
export const QaRevisionHidden = defineEvent({ ...REVISION, type: 'QaRevisionHidden', schema: visibility });

/** Staff showed a hidden Q&A revision again. */
export const QaRevisionShown = defineEvent({ ...REVISION, type: 'QaRevisionShown', schema: visibility });

export type QaRevisionEvent = EventOf<typeof QaRevisionHidden> | EventOf<typeof QaRevisionShown>;

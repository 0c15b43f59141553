import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

const REVISION = { context: 'forum', aggregate: 'revision' } as const;

/** What a revision belongs to: a topic, a comment or a reply (docs/rules/forum.md, edit history; ADR 0032). */
export const forumRevisionKinds = ['topic', 'comment', 'reply'] as const;
export type ForumRevisionKind = (typeof forumRevisionKinds)[number];

const visibility = z.object({
  kind: z.enum(forumRevisionKinds),
  targetId: z.string(),
  topicId: z.string(),
  /** The revision: the stream version of the `…Posted` / `…Edited` event that wrote it. */
  revision: z.number().int().min(1),
  by: z.string(),
  at: z.string(),
});

/**
 * Staff hid an earlier revision of a topic, comment or reply (stream `revision-<kind>:<targetId>`):
 * members see "hidden by staff" in its place in the edit history; the content itself is never changed.
 */
export const RevisionHidden = defineEvent({ ...REVISION, type: 'RevisionHidden', schema: visibility });

/** Staff showed a hidden revision again. */
export const RevisionShown = defineEvent({ ...REVISION, type: 'RevisionShown', schema: visibility });

export type RevisionEvent = EventOf<typeof RevisionHidden> | EventOf<typeof RevisionShown>;

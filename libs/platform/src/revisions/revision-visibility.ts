import type { Db } from 'mongodb';
import type { CommandMetadata, ErrorCode, QaRevisionEvent, RevisionEvent } from '@forum/contracts';
import type { ProjectionWaiter } from '@forum/event-bus';
import { DomainError } from '@forum/event-store';
import type { Decider, EventStore } from '@forum/event-store';
import { revisionDocumentId, revisionVisibilityStream } from './revision-history';
import type { RevisionDocument } from './revision-history';
import type { RevisionVisibilityWritten } from './revision-views';

/** Staff hide (or show again) one revision of one thing (ADR 0032). `parentId`: its topic or question. */
export interface SetRevisionHidden {
  hidden: boolean;
  kind: string;
  targetId: string;
  parentId: string;
  revision: number;
  by: string;
  now: Date;
}

export interface RevisionVisibilityState {
  hidden: number[];
}

type VisibilityEvent = RevisionEvent | QaRevisionEvent;

/**
 * One thing's hidden revisions (stream `revision-<kind>:<targetId>`). Idempotent: hiding a hidden
 * revision or showing a shown one decides nothing, so a repeated click writes no second audit entry. Whether the
 * revision exists and is not the current one is checked by the handler against the history (a read model).
 */
export function visibilityDecider<TEvent extends VisibilityEvent>(
  name: string,
  types: { hidden: TEvent['type']; shown: TEvent['type'] },
  parentField: 'topicId' | 'questionId',
): Decider<RevisionVisibilityState, SetRevisionHidden, TEvent> {
  return {
    name,
    initialState: () => ({ hidden: [] }),
    evolve: (state, event) => {
      const others = state.hidden.filter((revision) => revision !== event.data.revision);
      return { hidden: event.type === types.hidden ? [...others, event.data.revision] : others };
    },
    decide(command, state) {
      if (state.hidden.includes(command.revision) === command.hidden) return [];
      const data = {
        kind: command.kind,
        targetId: command.targetId,
        [parentField]: command.parentId,
        revision: command.revision,
        by: command.by,
        at: command.now.toISOString(),
      };
      return [{ type: command.hidden ? types.hidden : types.shown, data } as TEvent];
    },
  };
}

/** What hiding a revision needs from its context: where its history is, who applies it, and its error codes. */
export interface RevisionVisibilityContext<TEvent extends VisibilityEvent> {
  db: Db;
  store: EventStore;
  waiter: ProjectionWaiter;
  timeoutMs: number;
  collection: string;
  projection: string;
  decider: Decider<RevisionVisibilityState, SetRevisionHidden, TEvent>;
  errors: { notFound: ErrorCode; current: ErrorCode };
}

/**
 * Staff hide (or show again) one revision: it must exist and, to be hidden, not be the current one. Answers once the
 * history shows the change (`visible`), or at once when nothing changed.
 */
export async function setRevisionHidden<TEvent extends VisibilityEvent>(
  context: RevisionVisibilityContext<TEvent>,
  target: { kind: string; targetId: string; revision: number; hidden: boolean },
  meta: CommandMetadata,
): Promise<RevisionVisibilityWritten> {
  const { kind, targetId, revision, hidden } = target;
  const { id, kind: actorKind } = meta.actor;
  if (!id || actorKind !== 'staff') throw new DomainError('auth.forbidden');
  const doc = await context.db
    .collection<RevisionDocument>(context.collection)
    .findOne({ _id: revisionDocumentId(kind, targetId) });
  const revisions = doc?.revisions ?? [];
  const index = revisions.findIndex((stored) => stored.revision === revision);
  if (!doc || index < 0) throw new DomainError(context.errors.notFound);
  if (hidden && index === revisions.length - 1) throw new DomainError(context.errors.current);
  const result = await context.store.handle(
    context.decider,
    revisionVisibilityStream(kind, targetId),
    { hidden, kind, targetId, parentId: doc.parentId, revision, by: id, now: meta.now },
    meta,
  );
  const visible =
    result.events.length === 0 && !result.replayed
      ? true
      : await context.waiter.waitFor(context.projection, result.streamId, result.version, context.timeoutMs);
  return { kind, targetId, revision, hidden, visible };
}

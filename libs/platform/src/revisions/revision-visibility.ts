import type { QaRevisionEvent, RevisionEvent } from '@forum/contracts';
import type { Decider } from '@forum/event-store';

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

import type { CommandMetadata, NewEvent } from '@forum/contracts';
import type { ProjectionWaiter } from '@forum/event-bus';
import type { Decider, EventStore } from '@forum/event-store';
import { withoutAddress } from '../qa-policy';
import { questionsProjection } from '../questions/questions.projection';

export interface MarkWriting {
  store: EventStore;
  waiter: ProjectionWaiter;
  timeoutMs: number;
}

/**
 * Sets a member's mark (a question's like or favourite, an answer's like) on its own small stream; true once the
 * Q&A's read model counts it, or at once when nothing changed (setting a mark that is already set).
 */
export async function writeMark<TState, TCommand, TEvent extends NewEvent>(
  { store, waiter, timeoutMs }: MarkWriting,
  decider: Decider<TState, TCommand, TEvent>,
  stream: string,
  command: TCommand,
  meta: CommandMetadata,
): Promise<boolean> {
  const result = await store.handle(decider, stream, command, withoutAddress(meta));
  return (
    result.events.length === 0 || waiter.waitFor(questionsProjection.name, result.streamId, result.version, timeoutMs)
  );
}

import type { NewEvent } from '@forum/contracts';

/**
 * An aggregate's business logic as pure functions: no I/O, no framework, no clock (time comes in the
 * command). `decide` throws a DomainError to refuse a command and returns [] when nothing happens.
 */
export interface Decider<TState, TCommand, TEvent extends NewEvent> {
  /** Names the aggregate; keys the state cache. */
  name: string;
  initialState(): TState;
  evolve(state: TState, event: TEvent): TState;
  decide(command: TCommand, state: TState): TEvent[];
}

export function fold<TState, TEvent extends NewEvent>(
  decider: Pick<Decider<TState, never, TEvent>, 'initialState' | 'evolve'>,
  events: readonly TEvent[],
  from: TState = decider.initialState(),
): TState {
  return events.reduce(decider.evolve, from);
}

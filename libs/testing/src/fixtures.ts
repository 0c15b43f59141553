import type { CommandMetadata } from '@forum/contracts';
import { newId } from '@forum/contracts';
import type { Decider } from '@forum/event-store';

export function commandMeta(overrides: Partial<CommandMetadata> = {}): CommandMetadata {
  return {
    actor: { kind: 'member', id: 'member-1' },
    now: new Date(),
    correlationId: newId(),
    causationId: null,
    ...overrides,
  };
}

export type CounterEvent = { type: 'CounterIncremented'; data: { by: number; value: number } };
export type CounterCommand = { type: 'Increment'; by: number };

/** A minimal aggregate for exercising the store and the pipeline: each increment records the new value. */
export const counterDecider: Decider<{ value: number }, CounterCommand, CounterEvent> = {
  name: 'counter',
  initialState: () => ({ value: 0 }),
  evolve: (state, event) => ({ value: event.data.value }),
  decide: (command, state) => [
    { type: 'CounterIncremented', data: { by: command.by, value: state.value + command.by } },
  ],
};

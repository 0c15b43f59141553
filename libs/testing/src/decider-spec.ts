import type { NewEvent } from '@forum/contracts';
import { Decider, DomainError, fold } from '@forum/event-store';

/**
 * Given events / when command / then events (or an error code, or nothing happened):
 * `given(topicDecider, [posted]).when(cmd).thenError('forum.topic_exists')`.
 */
export function given<S, C, E extends NewEvent>(decider: Decider<S, C, E>, history: E[] = []) {
  return {
    when(command: C) {
      const run = () => decider.decide(command, fold(decider, history));
      return {
        then(expected: E[]) {
          expect(run()).toEqual(expected);
        },
        thenNothingHappened() {
          expect(run()).toEqual([]);
        },
        thenError(code: DomainError['code']) {
          let thrown: unknown;
          try {
            run();
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(DomainError);
          expect((thrown as DomainError).code).toBe(code);
        },
      };
    },
  };
}

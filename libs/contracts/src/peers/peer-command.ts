import type { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';

/** `<context>.<command>`, e.g. `wallet.payUnlock`: the context that owns the command answers it. */
export type PeerCommandName = `${string}.${string}`;

/**
 * A synchronous command one context asks of another (ADR 0040), defined once beside the events of the context that
 * answers it. The answering side validates `input` before its handler runs (`common.validation_failed`); the asking
 * side validates the answer (`common.peer_answer_malformed`). `errors` lists the refusals the command may answer, so a
 * caller knows what to handle; any other failure reaches the caller as what it is.
 */
export interface PeerCommand<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly name: PeerCommandName;
  readonly input: I;
  readonly answer: O;
  readonly errors: readonly ErrorCode[];
  /** How long a caller waits for the answer from another process (default 15 s). */
  readonly timeoutMs?: number;
}

/** What the caller gives: the input schema's input (defaults may be left out). */
export type PeerCommandInput<C extends PeerCommand> = z.input<C['input']>;
/** What the handler receives: the input after validation. */
export type PeerCommandParsedInput<C extends PeerCommand> = z.output<C['input']>;
/** What the handler answers and the caller gets. */
export type PeerCommandAnswer<C extends PeerCommand> = z.output<C['answer']>;

export function definePeerCommand<I extends z.ZodType, O extends z.ZodType>(
  definition: PeerCommand<I, O>,
): PeerCommand<I, O> {
  if (!/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/.test(definition.name))
    throw new Error(`peer command name ${definition.name} is not <context>.<command>`);
  return Object.freeze({ ...definition, errors: Object.freeze([...definition.errors]) });
}

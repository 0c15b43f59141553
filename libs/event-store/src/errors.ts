import type { ErrorCode, FieldError } from '@forum/contracts';

/**
 * A refusal the caller can act on: a stable code (translated by clients), optional field errors and
 * parameters for the message. Thrown by deciders, policies and validators; the HTTP layer turns it into
 * `{code, message, fieldErrors}` with the code's status.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly fieldErrors?: FieldError[],
    /** Staff-written text shown instead of the code's translation (a switch's "closed" message). */
    readonly customMessage?: string,
  ) {
    super(code);
    this.name = 'DomainError';
  }
}

/** Another writer appended to the stream first; the store retries by re-loading and re-deciding. */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
  ) {
    super(`stream ${streamId} moved past version ${expectedVersion}`);
    this.name = 'ConcurrencyError';
  }
}

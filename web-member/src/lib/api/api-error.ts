import type { FieldError } from '@contracts/errors/error-codes';

export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'aborted' | 'session';

export const TIMEOUT_MESSAGE = 'current request is not responding, please wait a while before visiting again';

/** The body every failing API call answers with. */
export interface ErrorBody {
  code?: string;
  message?: string;
  fieldErrors?: FieldError[];
  correlationId?: string;
}

/** Why a call failed: an HTTP answer (with the server's error body), a timeout, the network, or a lost session. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly url: string;
  readonly code: string | undefined;
  readonly fieldErrors: FieldError[];
  readonly correlationId: string | undefined;
  /** The raw answer, parsed when it was JSON. */
  readonly body: unknown;

  constructor(init: { kind: ApiErrorKind; url: string; status?: number; body?: unknown; message?: string }) {
    const body = isErrorBody(init.body) ? init.body : {};
    super(init.message ?? body.message ?? `${init.kind} error${init.status ? ` ${init.status}` : ''}`);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.url = init.url;
    this.code = body.code;
    this.fieldErrors = Array.isArray(body.fieldErrors) ? body.fieldErrors : [];
    this.correlationId = body.correlationId;
    this.body = init.body;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

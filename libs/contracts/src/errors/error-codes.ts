/**
 * Every failure the API can answer with: a stable machine code and its HTTP status. Clients translate
 * the code (both web apps and the server use `errorMessages`); the code never changes once published.
 */
export const errorStatus = {
  'common.validation_failed': 400,
  'common.malformed_request': 400,
  'common.unsupported_media_type': 415,
  'common.payload_too_large': 413,
  'common.not_found': 404,
  'common.route_not_found': 404,
  'common.rate_limited': 429,
  'common.conflict': 409,
  'common.internal': 500,
  'common.unavailable': 503,
  'common.timeout': 504,
  'auth.unauthorized': 401,
  'auth.token_expired': 401,
  'auth.token_invalid': 401,
  'auth.forbidden': 403,
  'csrf.invalid': 403,
  'forum.topic_not_found': 404,
  'forum.topic_exists': 409,
  'site.read_only': 403,
  'site.closed': 503,
  'identity.login_disabled': 403,
  'identity.registration_disabled': 403,
  'identity.account_taken': 409,
  'identity.nickname_taken': 409,
  'identity.login_failed': 401,
  'identity.captcha_required': 400,
  'identity.captcha_invalid': 400,
  'identity.refresh_invalid': 401,
  'identity.session_revoked': 401,
  'identity.account_disabled': 403,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** Codes of single-field problems inside `fieldErrors`. */
export const fieldErrorCodes = [
  'validation.required',
  'validation.invalid_type',
  'validation.too_short',
  'validation.too_long',
  'validation.too_small',
  'validation.too_big',
  'validation.invalid_format',
  'validation.invalid_value',
  'validation.unknown_field',
  'validation.invalid',
  'validation.mismatch',
  'validation.must_accept',
] as const;

export type FieldErrorCode = (typeof fieldErrorCodes)[number];

export interface FieldError {
  field: string;
  code: FieldErrorCode;
  message: string;
  params?: Record<string, string | number>;
}

/** The one shape of every error response body. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  fieldErrors?: FieldError[];
  correlationId?: string;
}

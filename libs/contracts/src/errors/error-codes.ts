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
  'forum.submission_not_found': 404,
  'forum.submission_decided': 409,
  'forum.topic_exists': 409,
  'forum.topic_posting_disabled': 403,
  'forum.edit_topics_disabled': 403,
  'forum.topic_not_deleted': 409,
  'forum.topic_view_forbidden': 403,
  'forum.tag_not_found': 404,
  'forum.tag_has_children': 409,
  'forum.tag_name_taken': 409,
  'forum.tag_parent_invalid': 400,
  'forum.unlock_password_wrong': 400,
  'forum.already_unlocked': 409,
  'forum.unlock_not_needed': 400,
  'forum.comment_not_found': 404,
  'forum.comment_exists': 409,
  'forum.reply_not_found': 404,
  'forum.reply_exists': 409,
  'forum.comment_not_deleted': 409,
  'forum.reply_not_deleted': 409,
  'forum.comments_disabled': 403,
  'forum.edit_comments_disabled': 403,
  'forum.quoting_disabled': 403,
  'forum.quote_invalid': 400,
  'forum.reply_target_invalid': 400,
  'forum.content_empty': 400,
  'messaging.cannot_message_self': 400,
  'messaging.recipient_not_found': 404,
  'messaging.recipient_cancelled': 400,
  'messaging.message_not_found': 404,
  'messaging.conversation_not_found': 404,
  'messaging.reminder_not_found': 404,
  'messaging.notification_not_found': 404,
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
  'identity.method_disabled': 403,
  'identity.code_too_soon': 429,
  'identity.code_daily_cap': 429,
  'identity.code_invalid': 400,
  'identity.phone_taken': 409,
  'identity.email_taken': 409,
  'identity.account_not_found': 404,
  'identity.phone_already_bound': 409,
  'identity.phone_not_bound': 400,
  'identity.recovery_way_unavailable': 400,
  'identity.hint_answer_wrong': 400,
  'identity.recovery_token_invalid': 400,
  'identity.change_token_invalid': 400,
  'identity.role_not_found': 404,
  'identity.role_builtin': 400,
  'identity.role_kind_mismatch': 400,
  'identity.oauth_provider_unknown': 404,
  'identity.oauth_state_invalid': 400,
  'identity.oauth_failed': 502,
  'identity.cannot_follow_self': 400,
  'identity.cannot_follow_cancelled': 400,
  'identity.member_not_found': 404,
  'identity.password_incorrect': 400,
  'identity.account_cancelled': 403,
  'identity.avatar_crop_invalid': 400,
  'files.too_large': 413,
  'files.type_not_allowed': 415,
  'files.missing': 400,
  'wallet.insufficient_balance': 409,
  'wallet.insufficient_points': 409,
  'wallet.insufficient_frozen': 409,
  'wallet.amount_invalid': 400,
  'wallet.member_not_found': 404,
  'wallet.idempotency_key_required': 400,
  'wallet.payment_provider_unknown': 400,
  'wallet.payment_intent_not_found': 404,
  'wallet.payment_not_payable': 409,
  'wallet.payment_signature_invalid': 400,
  'wallet.payment_amount_mismatch': 400,
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
  'validation.code_invalid',
  'validation.user_not_found',
  'validation.tag_not_leaf',
  'validation.tag_not_found',
  'validation.hidden_block_invalid',
  'validation.hide_type_not_allowed',
  'validation.amount_format',
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

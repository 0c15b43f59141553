/**
 * The form rules of docs/rules/web.md. Each check answers null when the value is fine, else the i18n key of the
 * message (under `validation.`) and its parameters, so forms can show it with `t(key, params)`.
 */
export interface Invalid {
  key: string;
  params?: Record<string, number>;
}

export const LIMITS = {
  captchaLength: 4,
  codeLength: 6,
  account: { min: 3, max: 25 },
  nicknameMax: 15,
  passwordMin: 7,
  hintMin: 7,
  /** The identity API accepts 5–20 digits (mainland numbers are 11; others differ). */
  phone: { min: 5, max: 20 },
  /** Login and registration emails: 5–90 characters, as in find-password. */
  email: { min: 5, max: 90 },
  findPasswordEmail: { min: 5, max: 90 },
  questionTitle: { min: 1, max: 90 },
  feedbackName: { min: 1, max: 30 },
  feedbackContent: { min: 1, max: 1000 },
  rechargeDigits: 12,
} as const;

export const ACCOUNT_PATTERN = /^[A-Za-z0-9_]+$/;

const invalid = (key: string, params?: Record<string, number>): Invalid => ({
  key: `validation.${key}`,
  ...(params ? { params } : {}),
});
const blank = (value: string) => value.trim() === '';
const length = (value: string) => [...value].length;

function required(key: string) {
  return (value: string): Invalid | null => (blank(value) ? invalid(key) : null);
}

function exactLength(requiredKey: string, lengthKey: string, size: number) {
  return (value: string): Invalid | null => {
    if (blank(value)) return invalid(requiredKey);
    return length(value.trim()) === size ? null : invalid(lengthKey, { length: size });
  };
}

function lengthBetween(requiredKey: string, lengthKey: string, range: { min: number; max: number }) {
  return (value: string): Invalid | null => {
    if (blank(value)) return invalid(requiredKey);
    const size = length(value.trim());
    return size >= range.min && size <= range.max ? null : invalid(lengthKey, { ...range });
  };
}

function atLeast(requiredKey: string, lengthKey: string, min: number) {
  return (value: string): Invalid | null => {
    if (blank(value)) return invalid(requiredKey);
    return length(value) >= min ? null : invalid(lengthKey, { min });
  };
}

function within(key: string, value: number, min: number, max: number): Invalid | null {
  return Number.isFinite(value) && value >= min && value <= max ? null : invalid(key, { min, max });
}

export const rules = {
  captcha: exactLength('captchaRequired', 'captchaLength', LIMITS.captchaLength),
  verificationCode: exactLength('codeRequired', 'codeLength', LIMITS.codeLength),
  smsCode: exactLength('smsCodeRequired', 'codeLength', LIMITS.codeLength),
  account: lengthBetween('accountRequired', 'accountLength', LIMITS.account),
  /** Registration also limits accounts to letters, digits and underscores, as the server does. */
  newAccount(value: string): Invalid | null {
    return rules.account(value) ?? (ACCOUNT_PATTERN.test(value.trim()) ? null : { key: 'validation.accountPattern' });
  },
  /** Optional; at most 15 characters. */
  nickname(value: string): Invalid | null {
    return length(value.trim()) <= LIMITS.nicknameMax ? null : invalid('nicknameLength', { max: LIMITS.nicknameMax });
  },
  password: atLeast('passwordRequired', 'passwordLength', LIMITS.passwordMin),
  confirmPassword(value: string, password: string): Invalid | null {
    return rules.password(value) ?? (value === password ? null : invalid('passwordMismatch'));
  },
  hintQuestion: atLeast('hintQuestionRequired', 'hintQuestionLength', LIMITS.hintMin),
  hintAnswer: atLeast('hintAnswerRequired', 'hintAnswerLength', LIMITS.hintMin),
  phone: phoneDigits(),
  /** Login and registration: the form rules (docs/rules/web.md) know only "length incorrect", used for any malformed address too. */
  email(value: string): Invalid | null {
    if (blank(value)) return invalid('emailRequired');
    const size = length(value.trim());
    const fits = size >= LIMITS.email.min && size <= LIMITS.email.max;
    return fits && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : invalid('emailLength');
  },
  findPasswordEmail: lengthBetween('emailRequired', 'emailRange', LIMITS.findPasswordEmail),
  agreeTerms: (agreed: boolean): Invalid | null => (agreed ? null : invalid('agreeTerms')),
  questionTitle: lengthBetween('questionTitleRequired', 'questionTitleLength', LIMITS.questionTitle),
  feedbackName: lengthBetween('feedbackNameRequired', 'feedbackNameLength', LIMITS.feedbackName),
  feedbackContact: required('contactRequired'),
  feedbackContent: lengthBetween('feedbackContentRequired', 'feedbackContentLength', LIMITS.feedbackContent),
  /** Yuan as the wallet takes it (docs/rules/wallet.md): ≤ 2 decimals, ≤ 12 digits (leading zeros aside), above 0. */
  rechargeAmount(value: string): Invalid | null {
    if (blank(value)) return invalid('rechargeRequired');
    const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
    if (!match) return { key: 'common.illegalInput' };
    const [, whole = '', fraction = ''] = match;
    if (fraction.length > 2) return invalid('rechargeDecimals');
    if (whole.replace(/^0+/, '').length + fraction.length > LIMITS.rechargeDigits) {
      return invalid('rechargeDigits', { max: LIMITS.rechargeDigits });
    }
    return /[1-9]/.test(value) ? null : invalid('rechargePositive');
  },
  privateMessage: required('privateMessageRequired'),
  aiQuestion: required('aiQuestionRequired'),
  reportReason: required('reportReasonRequired'),
  hiddenPassword: required('hiddenPasswordRequired'),
  tags(count: number, max: number): Invalid | null {
    if (count < 1) return invalid('tagsRequired');
    return count > max ? invalid('tagsMax', { max }) : null;
  },
  images: (count: number, max: number): Invalid | null => (count > max ? invalid('imagesMax', { max }) : null),
  /** Bounty or envelope amount: within the server's bounds and, when given, not above what the member has. */
  amount(value: number, bounds: { min: number; max: number }, available?: number): Invalid | null {
    return (
      within('amountRange', value, bounds.min, bounds.max) ??
      (available !== undefined && value > available ? invalid('amountOverBalance') : null)
    );
  },
  points(value: number, bounds: { min: number; max: number }, available?: number): Invalid | null {
    return (
      within('pointsRange', value, bounds.min, bounds.max) ??
      (available !== undefined && value > available ? invalid('pointsOverBalance') : null)
    );
  },
  /** A field with its own pattern: the custom message when given, else "Illegal input". */
  matches(value: string, pattern: RegExp, messageKey?: string): Invalid | null {
    if (pattern.test(value)) return null;
    return messageKey ? { key: messageKey } : { key: 'common.illegalInput' };
  },
};

function phoneDigits() {
  return (value: string): Invalid | null => {
    if (blank(value)) return invalid('phoneRequired');
    const digits = value.trim();
    return /^\d+$/.test(digits) && digits.length >= LIMITS.phone.min && digits.length <= LIMITS.phone.max
      ? null
      : invalid('phoneLength');
  };
}

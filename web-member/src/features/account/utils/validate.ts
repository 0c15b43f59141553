import { rules, type Invalid } from '@/lib/validation';

/** Field → the first rule it breaks (docs/rules/web.md); fields that are fine are left out. */
export type FieldProblems<F extends string> = Partial<Record<F, Invalid>>;

function collect<F extends string>(checks: Record<F, Invalid | null>): FieldProblems<F> {
  const problems: FieldProblems<F> = {};
  for (const [field, problem] of Object.entries(checks) as [F, Invalid | null][])
    if (problem) problems[field] = problem;
  return problems;
}

export interface LoginValues {
  account: string;
  password: string;
  captcha: string;
}

export type LoginField = keyof LoginValues;

/** Account 3–25, password ≥ 7, and the captcha (exactly 4) once the server asked for one. */
export function validateLogin(values: LoginValues, captchaShown: boolean): FieldProblems<LoginField> {
  return collect<LoginField>({
    account: rules.account(values.account),
    password: rules.password(values.password),
    captcha: captchaShown ? rules.captcha(values.captcha) : null,
  });
}

export interface RegisterValues {
  account: string;
  nickname: string;
  password: string;
  confirmPassword: string;
  hintQuestion: string;
  hintAnswer: string;
  captcha: string;
  agreeTerms: boolean;
}

export type RegisterField = keyof RegisterValues;

/** The registration rules; the hint question and answer are optional together, each ≥ 7 when given. */
export function validateRegister(values: RegisterValues): FieldProblems<RegisterField> {
  const withHint = values.hintQuestion.trim() !== '' || values.hintAnswer.trim() !== '';
  return collect<RegisterField>({
    account: rules.newAccount(values.account),
    nickname: rules.nickname(values.nickname),
    password: rules.password(values.password),
    confirmPassword: rules.confirmPassword(values.confirmPassword, values.password),
    hintQuestion: withHint ? rules.hintQuestion(values.hintQuestion) : null,
    hintAnswer: withHint ? rules.hintAnswer(values.hintAnswer) : null,
    captcha: rules.captcha(values.captcha),
    agreeTerms: rules.agreeTerms(values.agreeTerms),
  });
}

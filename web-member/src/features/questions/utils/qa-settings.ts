import { useAppState } from '@/stores/app-state';
import { MAX_YUAN_DIGITS, yuanToFen } from '@contracts/wallet/money';

/** The Q&A settings a member's form needs (docs/rules/qa.md): tags per question and bounty bounds (fen, points). */
export interface QaSettings {
  maxTags: number;
  bounty: { minAmount: number; maxAmount: number; minPoints: number; maxPoints: number };
}

/** The defaults of `libs/contracts/src/moderation/site-settings.ts` (`qa`). */
export const DEFAULT_QA_SETTINGS: QaSettings = {
  maxTags: 5,
  bounty: { minAmount: 100, maxAmount: 100_000_00, minPoints: 1, maxPoints: 100_000 },
};

/** The staff's Q&A settings when `/baseInfo` carries them (`qa`), else the defaults the server starts from. */
export function useQaSettings(): QaSettings {
  const maxTags = useAppState((state) => (state as { qa?: Partial<QaSettings> }).qa?.maxTags);
  const bounty = useAppState((state) => (state as { qa?: Partial<QaSettings> }).qa?.bounty);
  return {
    maxTags: maxTags ?? DEFAULT_QA_SETTINGS.maxTags,
    bounty: { ...DEFAULT_QA_SETTINGS.bounty, ...(bounty ?? {}) },
  };
}

export type BountyProblem = { key: string; params?: Record<string, number | string> } | null;

/**
 * The cash bounty as typed (yuan text; empty = none) against the wallet's money rules, the settings' bounds and
 * the available balance (fen; null while unknown). Answers the fen amount or the problem's message key.
 */
export function checkCashBounty(
  text: string,
  bounds: QaSettings['bounty'],
  available: number | null,
): { fen: number; problem: BountyProblem } {
  const value = text.trim();
  if (!value || /^0+(\.0{1,2})?$/.test(value)) return { fen: 0, problem: null };
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return { fen: 0, problem: { key: 'qa.form.cashFormat' } };
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return { fen: 0, problem: { key: 'qa.form.cashDecimals' } };
  if (whole.replace(/^0+/, '').length + fraction.length > MAX_YUAN_DIGITS) {
    return { fen: 0, problem: { key: 'qa.form.cashDigits', params: { max: MAX_YUAN_DIGITS } } };
  }
  const fen = yuanToFen(value);
  if (fen === null) return { fen: 0, problem: { key: 'qa.form.cashFormat' } };
  if (bounds.maxAmount === 0) return { fen, problem: { key: 'qa.form.cashDisabled' } };
  if (fen < bounds.minAmount || fen > bounds.maxAmount) {
    return { fen, problem: { key: 'qa.form.cashRange' } };
  }
  if (available !== null && fen > available) return { fen, problem: { key: 'qa.form.cashOverBalance' } };
  return { fen, problem: null };
}

/** The points bounty as typed (whole number; empty = none) against the bounds and the member's points. */
export function checkPointsBounty(
  text: string,
  bounds: QaSettings['bounty'],
  points: number | null,
): { points: number; problem: BountyProblem } {
  const value = text.trim();
  if (!value) return { points: 0, problem: null };
  if (!/^\d{1,15}$/.test(value)) return { points: 0, problem: { key: 'qa.form.pointsWhole' } };
  const amount = Number(value);
  if (amount === 0) return { points: 0, problem: null };
  if (bounds.maxPoints === 0) return { points: amount, problem: { key: 'qa.form.pointsDisabled' } };
  if (amount < bounds.minPoints || amount > bounds.maxPoints) {
    return { points: amount, problem: { key: 'qa.form.pointsRange' } };
  }
  if (points !== null && amount > points) return { points: amount, problem: { key: 'qa.form.pointsOverBalance' } };
  return { points: amount, problem: null };
}

import type { EnvelopeInput, EnvelopeSettings, EnvelopeType } from '../api/types';
import { formatFen, yuanToFen } from '@contracts/wallet/money';

/** What the member filled in for a topic's red envelope. */
export interface EnvelopeValues {
  type: EnvelopeType;
  /** Yuan text: the total (types 10 and 20) or the amount per share (type 30). */
  amount: string;
  quantity: string;
  recipientId: string | null;
}

export type EnvelopeField = 'amount' | 'quantity' | 'recipient';

/** A broken rule: the i18n key of its message and the message's values. */
export interface EnvelopeProblem {
  key: string;
  params?: Record<string, string | number>;
}

export type EnvelopeCheck =
  | { ok: true; input: EnvelopeInput; total: number }
  | { ok: false; problems: Partial<Record<EnvelopeField, EnvelopeProblem>> };

/** The share count as typed: a whole number (directed envelopes have exactly one). */
function quantityOf(values: EnvelopeValues): number {
  if (values.type === 10) return 1;
  return /^\d{1,4}$/.test(values.quantity.trim()) ? Number(values.quantity.trim()) : NaN;
}

/**
 * The red envelope rules (docs/rules/wallet.md) the form can know: a yuan amount, 1–maxQuantity shares, every share ≥ 1 fen, the total
 * within the site's bounds and not above the available balance, a chosen recipient for a directed envelope. The
 * server checks them again.
 */
export function checkEnvelope(values: EnvelopeValues, settings: EnvelopeSettings): EnvelopeCheck {
  const problems: Partial<Record<EnvelopeField, EnvelopeProblem>> = {};
  const quantity = quantityOf(values);
  if (!(quantity >= 1 && quantity <= settings.maxQuantity)) {
    problems.quantity = { key: 'wallet.form.quantityRange', params: { max: settings.maxQuantity } };
  }
  const amount = yuanToFen(values.amount);
  if (!values.amount.trim()) problems.amount = { key: 'wallet.form.amountRequired' };
  else if (amount === null) problems.amount = { key: 'wallet.form.amountFormat' };
  else if (!problems.quantity) {
    const total = values.type === 30 ? amount * quantity : amount;
    if (total < quantity) problems.amount = { key: 'wallet.form.shareTooSmall' };
    else if (total < settings.minAmount || total > settings.maxAmount) {
      problems.amount = {
        key: 'validation.amountRange',
        params: { min: formatFen(settings.minAmount), max: formatFen(settings.maxAmount) },
      };
    } else if (settings.availableBalance !== null && total > settings.availableBalance) {
      problems.amount = { key: 'validation.amountOverBalance' };
    }
  }
  if (values.type === 10 && !values.recipientId) problems.recipient = { key: 'wallet.form.recipientRequired' };
  if (Object.keys(problems).length || amount === null) return { ok: false, problems };

  const text = values.amount.trim();
  const input: EnvelopeInput =
    values.type === 30
      ? { type: 30, singleAmount: text, giveQuantity: quantity }
      : values.type === 20
        ? { type: 20, totalAmount: text, giveQuantity: quantity }
        : { type: 10, totalAmount: text, giveQuantity: 1, recipientId: values.recipientId! };
  return { ok: true, input, total: values.type === 30 ? amount * quantity : amount };
}

/** The server's field names (`redEnvelope.totalAmount`, …) to the form's. */
export const SERVER_FIELDS: Record<string, EnvelopeField> = {
  redEnvelope: 'amount',
  'redEnvelope.type': 'amount',
  'redEnvelope.totalAmount': 'amount',
  'redEnvelope.singleAmount': 'amount',
  'redEnvelope.giveQuantity': 'quantity',
  'redEnvelope.recipientId': 'recipient',
};

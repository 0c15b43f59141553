import { z } from 'zod';
import { MEMBERSHIP_DURATION_UNITS, yuanAmount } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { formBoolean, singleLine, wholeNumber } from '@forum/platform';
import { MEMBER_ID } from '../ledger/wallet.schemas';

const text = (max: number) => z.string().trim().max(max);
const MAX_STOCK = 1_000_000;

/**
 * A specification as staff send it: prices in yuan text (converted to fen), points whole. `specId` names an
 * existing specification on an edit; a new one has none and gets its initial `stock`. The stock of an existing
 * specification changes only by an adjustment (`change`), so an edit saved from a stale form never resets it.
 */
const specificationBody = z
  .strictObject({
    specId: z.string().regex(MEMBER_ID).optional(),
    name: singleLine(text(50).min(1)),
    price: yuanAmount().nullable().optional(),
    points: wholeNumber().pipe(z.number().min(0).max(1_000_000_000)).default(0),
    marketPrice: yuanAmount().nullable().optional(),
    duration: wholeNumber().pipe(z.number().min(1).max(10_000)),
    unit: z.enum(MEMBERSHIP_DURATION_UNITS),
    enabled: z.boolean().default(true),
    stock: wholeNumber().pipe(z.number().min(0).max(MAX_STOCK)).default(0),
  })
  .refine((spec) => (spec.price ?? 0) > 0 || spec.points > 0, {
    path: ['price'],
    params: { code: 'validation.required' },
  });
export type SpecificationBody = z.infer<typeof specificationBody>;

export const cardBody = z.strictObject({
  name: singleLine(text(50).min(1)),
  subtitle: singleLine(text(100)).default(''),
  introduction: text(5000).default(''),
  descriptionTags: z
    .array(singleLine(text(20).min(1)))
    .max(10)
    .default([]),
  onSale: z.boolean().default(false),
  roleId: z.string().min(1).max(64),
  specifications: z.array(specificationBody).min(1).max(20),
});
export type CardBody = z.infer<typeof cardBody>;

export const stockAdjustmentBody = z.strictObject({
  change: wholeNumber()
    .pipe(z.number().min(-MAX_STOCK).max(MAX_STOCK))
    .refine((change) => change !== 0, { params: { code: 'validation.invalid_value' } }),
});

const page = {
  page: wholeNumber().pipe(z.number().min(1).max(10_000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
};

export const cardListQuery = z.strictObject(page);
export type CardListQuery = z.infer<typeof cardListQuery>;

export const staffCardListQuery = z.strictObject({ ...page, onSale: formBoolean().optional(), q: text(50).optional() });
export type StaffCardListQuery = z.infer<typeof staffCardListQuery>;

export const staffOrderListQuery = z.strictObject({
  ...page,
  memberId: z.string().regex(MEMBER_ID).optional(),
  cardId: z.string().regex(MEMBER_ID).optional(),
});
export type StaffOrderListQuery = z.infer<typeof staffOrderListQuery>;

/** Path ids are UUIDs; anything else names nothing and must not reach a stream id. */
export function pathId(
  value: string,
  notFound: 'wallet.membership_card_not_found' | 'wallet.membership_spec_not_found',
): string {
  if (!MEMBER_ID.test(value)) throw new DomainError(notFound);
  return value;
}

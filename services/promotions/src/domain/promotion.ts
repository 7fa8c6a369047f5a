import { AppError, badRequest, type FieldProblem } from '@travel/errors';

export const KINDS = ['discount', 'offer', 'voucher'] as const;
export type PromotionKind = (typeof KINDS)[number];

export const SERVICES = ['all', 'flight', 'hotel', 'car'] as const;

/** Who may use it: discounts and offers go to the storefront or to allocated tenants; vouchers also to customers. */
const AUDIENCES: Record<PromotionKind, readonly string[]> = {
  discount: ['b2c', 'tenants'],
  offer: ['b2c', 'tenants'],
  voucher: ['anyone', 'tenants', 'customers'],
};

const ID_PREFIX: Record<PromotionKind, string> = { discount: 'dsc', offer: 'ofr', voucher: 'vch' };

/** The editable fields; each kind uses its own (docs/decisions/promotions.md "Promotions"). */
export interface PromotionFields {
  name?: string;
  title?: string;
  description?: string;
  imageUrl?: string;
  code?: string;
  service?: string;
  percentBps?: number;
  amount?: number;
  maxDiscount?: number;
  minAmount?: number;
  validFrom?: Date;
  validUntil?: Date;
  audience?: string;
  maxRedemptions?: number;
  maxRedemptionsPerHolder?: number;
  active?: boolean;
}

export interface Promotion extends PromotionFields {
  id: string;
  /** The number of its id: lists are newest first by it. */
  n: number;
  kind: PromotionKind;
  service: string;
  validFrom: Date;
  validUntil: Date;
  audience: string;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const promotionIdOf = (kind: PromotionKind, n: number) => `${ID_PREFIX[kind]}_${n}`;

export function checkKind(kind: string): PromotionKind {
  if (!(KINDS as readonly string[]).includes(kind))
    throw badRequest([{ path: 'kind', message: `must be one of ${KINDS.join(', ')}` }]);
  return kind as PromotionKind;
}

/** Codes compare case-insensitively: the unique index is on this key. */
export const codeKeyOf = (code: string) => code.trim().toUpperCase();

/**
 * The fields after an update: those given replace the stored ones; setting a percent clears a fixed amount
 * and the reverse (a promotion is worth one or the other).
 */
export function mergeFields(stored: PromotionFields, change: PromotionFields): PromotionFields {
  const merged: PromotionFields = { ...stored };
  for (const [key, value] of Object.entries(change))
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  if (change.percentBps !== undefined && change.amount === undefined) delete merged.amount;
  if (change.amount !== undefined && change.percentBps === undefined) {
    delete merged.percentBps;
  }
  return merged;
}

/** Every rule a stored promotion keeps; all failures at once as `400 bad_request` details. */
export function checkFields(kind: PromotionKind, fields: PromotionFields): void {
  const problems: FieldProblem[] = [];
  const problem = (path: string, message: string) => problems.push({ path, message });
  const required = (path: keyof PromotionFields) => {
    if (fields[path] === undefined || fields[path] === '') problem(path, 'is required');
  };
  if (kind === 'discount') required('name');
  if (kind === 'offer') required('title');
  if (kind === 'voucher') {
    required('code');
    if (fields.code !== undefined && !/^[A-Za-z0-9_-]{3,40}$/.test(fields.code))
      problem('code', 'must be 3 to 40 letters, digits, - or _');
  }
  required('validUntil');
  if (fields.service !== undefined && !(SERVICES as readonly string[]).includes(fields.service))
    problem('service', `must be one of ${SERVICES.join(', ')}`);
  if (fields.audience !== undefined && !AUDIENCES[kind].includes(fields.audience))
    problem('audience', `must be one of ${AUDIENCES[kind].join(', ')}`);
  if (kind !== 'offer') checkWorth(fields, problem);
  // A percent voucher needs a cap: an uncapped percent of a large booking is a loss.
  if (kind === 'voucher' && fields.percentBps !== undefined && fields.maxDiscount === undefined)
    problem('maxDiscount', 'is required for a percent voucher');
  if (fields.validFrom && fields.validUntil && fields.validUntil <= fields.validFrom)
    problem('validUntil', 'must be after validFrom');
  for (const path of ['maxRedemptions', 'maxRedemptionsPerHolder'] as const) {
    const value = fields[path];
    if (value !== undefined && (!Number.isInteger(value) || value < 1 || value > 1_000_000))
      problem(path, 'must be an integer from 1 to 1000000');
  }
  if (problems.length > 0) throw badRequest(problems);
}

function checkWorth(fields: PromotionFields, problem: (path: string, message: string) => void): void {
  const { percentBps, amount, maxDiscount, minAmount } = fields;
  if (percentBps === undefined && amount === undefined)
    problem('percentBps', 'percentBps or amount is required');
  if (percentBps !== undefined && amount !== undefined)
    problem('amount', 'give percentBps or amount, not both');
  if (percentBps !== undefined && (!Number.isInteger(percentBps) || percentBps < 1 || percentBps > 10_000))
    problem('percentBps', 'must be an integer from 1 to 10000 (basis points)');
  for (const [path, value] of [
    ['amount', amount],
    ['maxDiscount', maxDiscount],
  ] as const)
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 1))
      problem(path, 'must be a whole number of rupees above zero');
  if (minAmount !== undefined && (!Number.isSafeInteger(minAmount) || minAmount < 0))
    problem('minAmount', 'must be a whole number of rupees, zero or more');
}

/** Valid from `validFrom` (inclusive) until `validUntil` (exclusive): at `validUntil` it has expired. */
export const isValidAt = (promotion: Promotion, at: Date) =>
  promotion.active && promotion.validFrom <= at && at < promotion.validUntil;

/** The discount on `amount`: a percent rounded down, capped by `maxDiscount`, never above the amount. */
export function discountOf(promotion: PromotionFields, amount: number): number {
  const raw =
    promotion.percentBps !== undefined
      ? Math.floor((amount * promotion.percentBps) / 10_000)
      : (promotion.amount ?? 0);
  const capped = promotion.maxDiscount !== undefined ? Math.min(raw, promotion.maxDiscount) : raw;
  return Math.min(capped, amount);
}

/** Why a voucher cannot be used on this booking now, as a `409 conflict`; nothing when it can. */
export function checkApplicable(voucher: Promotion, service: string, amount: number, at: Date): void {
  if (!voucher.active) throw new AppError('conflict', 'The voucher is switched off.');
  if (at < voucher.validFrom) throw new AppError('conflict', 'The voucher is not valid yet.');
  if (at >= voucher.validUntil) throw new AppError('conflict', 'The voucher has expired.');
  if (voucher.service !== 'all' && voucher.service !== service)
    throw new AppError('conflict', `The voucher is valid for ${voucher.service} bookings only.`);
  if (voucher.minAmount !== undefined && amount < voucher.minAmount)
    throw new AppError('conflict', `The voucher needs a booking of at least ${voucher.minAmount} INR.`);
}

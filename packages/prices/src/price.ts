/** The rates of one price, in basis points (1 bps = 0.01 %). */
export interface Rates {
  marginBps: number;
  taxBps: number;
  feeBps: number;
}

/** A price in whole rupees (docs/decisions/search-and-pricing.md); `currency` is always INR. */
export interface Price {
  baseAmount: number;
  tax: number;
  fee: number;
  total: number;
  currency: 'INR';
}

/** The largest rate a rule may hold: 1000 %. */
export const MAX_BPS = 100_000;

/**
 * The largest supplier amount we price: 10^15 paise (10^13 rupees). With every rate at most MAX_BPS,
 * baseAmount ≤ 11 × 10^13 and total ≤ 21 × baseAmount ≈ 2.3 × 10^15 < Number.MAX_SAFE_INTEGER (9.007 × 10^15),
 * so every component leaves BigInt as an exact number. Intermediate products (up to 1.1 × 10^20) need BigInt.
 */
export const MAX_AMOUNT_PAISE = 10 ** 15;

const BPS = 10_000n;
const PAISE_PER_RUPEE = 100n;

/**
 * The price of a supplier amount in paise, as docs/decisions/search-and-pricing.md, "Integer arithmetic", defines it:
 * `baseAmount = round(amount × (10000 + margin) / 10000)` in rupees, then tax and fee on `baseAmount`,
 * each rounded half up. Callers validate the amount (a non-negative safe integer up to MAX_AMOUNT_PAISE)
 * and the rates (integers 0..MAX_BPS); this throws on anything else rather than price it wrongly.
 */
export function priceOf(amountPaise: number, rates: Rates): Price {
  assertInput(amountPaise, rates);
  const baseAmount = divideRoundHalfUp(
    BigInt(amountPaise) * (BPS + BigInt(rates.marginBps)),
    BPS * PAISE_PER_RUPEE,
  );
  const tax = divideRoundHalfUp(baseAmount * BigInt(rates.taxBps), BPS);
  const fee = divideRoundHalfUp(baseAmount * BigInt(rates.feeBps), BPS);
  return {
    baseAmount: Number(baseAmount),
    tax: Number(tax),
    fee: Number(fee),
    total: Number(baseAmount + tax + fee),
    currency: 'INR',
  };
}

/** The price of a subtotal in whole rupees (offers carry rupees; the formula takes paise). */
export function priceOfRupees(subtotalRupees: number, rates: Rates): Price {
  return priceOf(subtotalRupees * 100, rates);
}

/** `numerator / denominator` rounded half up, for a non-negative numerator and a positive denominator. */
function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

function assertInput(amountPaise: number, rates: Rates): void {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0 || amountPaise > MAX_AMOUNT_PAISE) {
    throw new RangeError(`amount ${amountPaise} paise is outside 0..${MAX_AMOUNT_PAISE}`);
  }
  for (const [name, bps] of Object.entries(rates)) {
    if (!Number.isInteger(bps) || bps < 0 || bps > MAX_BPS)
      throw new RangeError(`${name} ${bps} is outside 0..${MAX_BPS}`);
  }
}

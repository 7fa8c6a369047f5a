import { MAX_AMOUNT_PAISE, MAX_BPS, priceOf, priceOfRupees, type Rates } from './price';

/**
 * An independent reference: each component as an exact fraction (numerator, denominator), rounded half up by
 * comparing twice the remainder with the denominator, in rupees throughout (not paise × bps as the code does).
 */
function referencePrice(amountPaise: number, { marginBps, taxBps, feeBps }: Rates) {
  const roundHalfUp = (numerator: bigint, denominator: bigint) => {
    const quotient = numerator / denominator;
    const remainder = numerator % denominator;
    return remainder * 2n >= denominator ? quotient + 1n : quotient;
  };
  // amount in rupees = amountPaise / 100; × (1 + margin / 10000) = amountPaise × (10000 + margin) / 1 000 000
  const baseAmount = roundHalfUp(BigInt(amountPaise) * BigInt(10_000 + marginBps), 1_000_000n);
  const tax = roundHalfUp(baseAmount * BigInt(taxBps), 10_000n);
  const fee = roundHalfUp(baseAmount * BigInt(feeBps), 10_000n);
  return { baseAmount, tax, fee, total: baseAmount + tax + fee };
}

/** mulberry32: a small seeded PRNG, so a failing case can be replayed from its seed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('priceOf', () => {
  it('when the amount has paise (1234.5 INR), then every component is whole rupees, rounded half up', () => {
    // hotel: 1234.5 × 1.05 = 1296.225 → 1296; tax 12 % = 155.52 → 156; fee 2 % = 25.92 → 26
    expect(priceOf(123_450, { marginBps: 500, taxBps: 1200, feeBps: 200 })).toEqual({
      baseAmount: 1296,
      tax: 156,
      fee: 26,
      total: 1478,
      currency: 'INR',
    });
    // flight: tax 5 % = 64.8 → 65
    expect(priceOf(123_450, { marginBps: 500, taxBps: 500, feeBps: 200 }).total).toBe(1296 + 65 + 26);
  });

  it('when a component is exactly half a rupee, then it rounds up; just below half, down', () => {
    expect(priceOf(50, { marginBps: 0, taxBps: 0, feeBps: 0 }).baseAmount).toBe(1);
    expect(priceOf(49, { marginBps: 0, taxBps: 0, feeBps: 0 }).baseAmount).toBe(0);
    expect(priceOf(100, { marginBps: 5000, taxBps: 0, feeBps: 0 }).baseAmount).toBe(2); // 1.5
    expect(priceOf(1000, { marginBps: 0, taxBps: 500, feeBps: 499 })).toMatchObject({ tax: 1, fee: 0 }); // 0.5, 0.499
  });

  it('when the margin and rates are zero, then the price is the amount in rupees rounded', () => {
    expect(priceOf(1_000_000, { marginBps: 0, taxBps: 0, feeBps: 0 })).toMatchObject({
      baseAmount: 10_000,
      total: 10_000,
    });
  });

  it('when amount and every rate are at their maximum, then the result is exact and a safe integer', () => {
    const price = priceOf(MAX_AMOUNT_PAISE, { marginBps: MAX_BPS, taxBps: MAX_BPS, feeBps: MAX_BPS });
    expect(price).toMatchObject({ baseAmount: 110_000_000_000_000, tax: 1_100_000_000_000_000 });
    expect(price.total).toBe(21 * 110_000_000_000_000);
    expect(Number.isSafeInteger(price.total)).toBe(true);
  });

  it('when the input is out of range or not an integer, then it throws rather than prices', () => {
    const rates = { marginBps: 500, taxBps: 500, feeBps: 200 };
    expect(() => priceOf(MAX_AMOUNT_PAISE + 1, rates)).toThrow(RangeError);
    expect(() => priceOf(-1, rates)).toThrow(RangeError);
    expect(() => priceOf(10.5, rates)).toThrow(RangeError);
    expect(() => priceOf(100, { ...rates, marginBps: MAX_BPS + 1 })).toThrow(RangeError);
    expect(() => priceOf(100, { ...rates, taxBps: 1.5 })).toThrow(RangeError);
  });

  it('when a subtotal is in rupees, then it is priced as that many hundred paise', () => {
    const rates = { marginBps: 750, taxBps: 1200, feeBps: 200 };
    expect(priceOfRupees(4321, rates)).toEqual(priceOf(432_100, rates));
  });

  it('when priced over many random amounts, margins and rates, then it always equals the exact reference', () => {
    const seed = 20_260_404;
    const random = seededRandom(seed);
    const integerBelow = (limit: number) => Math.floor(random() * limit);
    for (let run = 0; run < 20_000; run++) {
      // Amounts of every magnitude, from a few paise to MAX_AMOUNT_PAISE; rates mostly realistic, some extreme.
      const amountPaise = Math.min(MAX_AMOUNT_PAISE, integerBelow(10 ** (1 + integerBelow(15))) + 1);
      const rate = () => (random() < 0.8 ? integerBelow(5001) : integerBelow(MAX_BPS + 1));
      const rates = { marginBps: rate(), taxBps: rate(), feeBps: rate() };
      const price = priceOf(amountPaise, rates);
      const expected = referencePrice(amountPaise, rates);
      const actual = {
        baseAmount: BigInt(price.baseAmount),
        tax: BigInt(price.tax),
        fee: BigInt(price.fee),
        total: BigInt(price.total),
      };
      if (JSON.stringify(actual, bigintJson) !== JSON.stringify(expected, bigintJson)) {
        throw new Error(
          `seed ${seed} run ${run}: ${amountPaise} paise at ${JSON.stringify(rates)} priced wrong`,
        );
      }
      expect(Number.isSafeInteger(price.total)).toBe(true);
    }
  });
});

function bigintJson(_key: string, value: unknown) {
  return typeof value === 'bigint' ? value.toString() : value;
}

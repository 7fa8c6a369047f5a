import { priceOfRupees } from '@travel/prices';
import type { CurrentRates } from './current-rates';
import { createPriceOffers, MAX_OFFERS_PER_CALL } from './price-offers';

function countingRates() {
  const reads: [string | null, string][] = [];
  const currentRates: CurrentRates = async (tenantId, service) => {
    reads.push([tenantId, service]);
    return { marginBps: 700, taxBps: 500, feeBps: 200 };
  };
  return { reads, priceOffers: createPriceOffers({ currentRates }) };
}

describe('priceOffers', () => {
  it('when many subtotals are priced, then the rules are read once and the prices keep the order of the subtotals', async () => {
    const { reads, priceOffers } = countingRates();
    const subtotals = [300, 10, 0, 75_000, 10];
    const prices = await priceOffers({ tenantId: 'ten_1', service: 'flight', subtotals });
    expect(reads).toEqual([['ten_1', 'flight']]);
    expect(prices).toEqual(
      subtotals.map((subtotal) => priceOfRupees(subtotal, { marginBps: 700, taxBps: 500, feeBps: 200 })),
    );
  });

  it('when there is no tenant, then the platform rates are read; when there is no subtotal, nothing is read', async () => {
    const { reads, priceOffers } = countingRates();
    await priceOffers({ service: 'car', subtotals: [1] });
    expect(await priceOffers({ service: 'car', subtotals: [] })).toEqual([]);
    expect(reads).toEqual([[null, 'car']]);
  });

  it('when a subtotal is negative, fractional or there are too many, then bad_request names them and nothing is read', async () => {
    const { reads, priceOffers } = countingRates();
    await expect(priceOffers({ service: 'hotel', subtotals: [1, -1, 2.5] })).rejects.toMatchObject({
      code: 'bad_request',
      details: [
        { path: 'subtotals.1', message: expect.any(String) },
        { path: 'subtotals.2', message: expect.any(String) },
      ],
    });
    await expect(
      priceOffers({ service: 'hotel', subtotals: Array(MAX_OFFERS_PER_CALL + 1).fill(1) }),
    ).rejects.toMatchObject({ details: [{ path: 'subtotals', message: expect.any(String) }] });
    expect(reads).toEqual([]);
  });
});

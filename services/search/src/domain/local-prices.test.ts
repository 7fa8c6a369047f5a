import { priceOfRupees } from '@travel/prices';
import { createLocalPriceOffers } from './local-prices';

describe('prices from the rates held in memory', () => {
  it('when a search is priced, then each offer has the price of pricing’s formula with the tenant’s rates, in order', async () => {
    const asked: unknown[] = [];
    const inForce = { marginBps: 1000, taxBps: 500, feeBps: 200 };
    const priceOffers = createLocalPriceOffers({
      rates: {
        ratesOf: async (...args) => {
          asked.push(args);
          return inForce;
        },
      },
    });
    const prices = await priceOffers(
      { tenantId: 'ten_a', service: 'hotel', subtotals: [4321, 0, 999] },
      'req_1',
    );
    expect(asked).toEqual([['ten_a', 'hotel', 'req_1']]);
    expect(prices).toEqual([4321, 0, 999].map((subtotal) => priceOfRupees(subtotal, inForce)));
    expect(prices[0]).toEqual({ baseAmount: 4753, tax: 238, fee: 95, total: 5086, currency: 'INR' });
  });
});

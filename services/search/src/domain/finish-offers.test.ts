import { createOfferTokenSigner, createOfferTokenVerifier, generateOfferKeyPair } from '@travel/offer-tokens';
import { createFinishOffers, type PriceOffers } from './finish-offers';

const keys = generateOfferKeyPair();
const now = () => new Date('2026-11-21T10:00:00Z');
const signer = createOfferTokenSigner({ privateKeyPem: keys.privateKeyPem, ttlSeconds: 900, now });
const verifier = createOfferTokenVerifier({ publicKeyPem: keys.publicKeyPem, now });
const searcher = { tenantId: 'ten_1', clientId: 3, environment: 'live' as const };
const price = (total: number) => ({ baseAmount: total, tax: 0, fee: 0, total, currency: 'INR' as const });

describe('finishing offers', () => {
  it('when drafts are finished, then pricing is asked once, in order, and each token carries its draft and its supply', async () => {
    const calls: Parameters<PriceOffers>[] = [];
    const priceOffers: PriceOffers = async (input, requestId) => {
      calls.push([input, requestId]);
      return input.subtotals.map(price);
    };
    const finish = createFinishOffers({ priceOffers, signer, supply: { simulated: true } });
    const offers = await finish(
      'car',
      [
        { name: 'A', subtotal: 10 },
        { name: 'B', subtotal: 20 },
      ],
      searcher,
      'req_1',
    );
    expect(calls).toEqual([[{ tenantId: 'ten_1', service: 'car', subtotals: [10, 20] }, 'req_1']]);
    expect(offers.map((offer) => offer.price.total)).toEqual([10, 20]);
    const check = verifier.verify(offers[1]?.offerToken ?? '');
    expect(check).toMatchObject({
      result: 'valid',
      claims: { type: 'car', ...searcher, subtotal: 20, offer: { name: 'B', subtotal: 20 }, simulated: true },
    });
    // A real supplier's offers say so too: the mark is the supply's, not a constant of the token.
    const real = createFinishOffers({ priceOffers, signer, supply: { simulated: false } });
    const [offer] = await real('car', [{ name: 'C', subtotal: 30 }], searcher, 'req_3');
    expect(verifier.verify(offer?.offerToken ?? '')).toMatchObject({
      claims: { simulated: false },
    });
  });

  it('when pricing answers a different number of prices, then the search fails rather than misprices', async () => {
    const finish = createFinishOffers({
      priceOffers: async () => [price(1)],
      signer,
      supply: { simulated: true },
    });
    await expect(finish('hotel', [{ subtotal: 1 }, { subtotal: 2 }], searcher, 'req_2')).rejects.toThrow(
      /1 prices for 2 offers/,
    );
  });
});

import type { OfferClaims, OfferTokenSigner } from '@travel/offer-tokens';
import type { Price } from '@travel/prices';
import type { OfferSupply } from './offer-supply';
import type { Searcher } from './searcher';

export type OfferType = OfferClaims['type'];

/**
 * Prices many supplier subtotals of one service for one tenant, in order, with one lookup of the rates: the tenant's
 * price of each offer, by pricing's formula (docs/decisions/search-and-pricing.md).
 */
export type PriceOffers = (
  input: { tenantId: string | null; service: OfferType; subtotals: number[] },
  requestId: string,
) => Promise<Price[]>;

export type Finished<T> = T & { offerToken: string; price: Price };

/**
 * Turns supplier drafts into offers: one PriceOffers for all of them (every leg of a round trip),
 * then a token per offer carrying the draft itself (all fields but token and price), whether its supply is
 * simulated, and its subtotal, all signed at once.
 */
export function createFinishOffers(deps: {
  priceOffers: PriceOffers;
  signer: OfferTokenSigner;
  supply: OfferSupply;
}) {
  return async function finishOffers<T extends { subtotal: number }>(
    type: OfferType,
    drafts: T[],
    searcher: Searcher,
    requestId: string,
  ): Promise<Finished<T>[]> {
    if (drafts.length === 0) return [];
    const subtotals = drafts.map((draft) => draft.subtotal);
    const prices = await deps.priceOffers(
      { tenantId: searcher.tenantId, service: type, subtotals },
      requestId,
    );
    if (prices.length !== drafts.length)
      throw new Error(`pricing answered ${prices.length} prices for ${drafts.length} offers`);
    // One signature for the whole search (the tokens share a Merkle root): signing is most of a search's CPU.
    const tokens = deps.signer.issueAll(
      // `simulated` is a claim of its own beside the offer (docs/offer-tokens.md: claims may be added), so
      // `offer` stays the offer exactly as the search answers it.
      drafts.map((draft) => ({
        type,
        ...searcher,
        subtotal: draft.subtotal,
        offer: { ...draft },
        simulated: deps.supply.simulated,
      })),
    );
    return drafts.map((draft, i) => ({
      ...draft,
      offerToken: tokens[i] as string,
      price: prices[i] as Price,
    }));
  };
}

export type FinishOffers = ReturnType<typeof createFinishOffers>;

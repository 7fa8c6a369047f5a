import type { pricing } from '@travel/contracts';
import type { PeerClient } from '@travel/grpc';
import type { Reprice } from '../domain/create-booking';

/** The booking's price, asked of pricing (PriceOffers on the supplier subtotal): search's formula, today's rates. */
export function createReprice(client: PeerClient<typeof pricing.PricingServiceDefinition>): Reprice {
  return async (offer, tenantId, requestId) => {
    const reply = await client.priceOffers(
      { tenantId: tenantId ?? undefined, service: offer.type, subtotals: [offer.subtotal] },
      { requestId },
    );
    const price = reply.prices[0];
    if (!price) throw new Error('pricing answered no price for the offer');
    return price.total;
  };
}

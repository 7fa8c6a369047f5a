import type { pricing } from '@travel/contracts';
import type { PeerClient } from '@travel/grpc';
import type { PriceOffers } from '../domain/finish-offers';

/** The pricing service behind the domain's PriceOffers port; the caller's request id travels along. */
export function createPriceOffers(client: PeerClient<typeof pricing.PricingServiceDefinition>): PriceOffers {
  return async ({ tenantId, service, subtotals }, requestId) => {
    const reply = await client.priceOffers(
      { tenantId: tenantId ?? undefined, service, subtotals },
      { requestId },
    );
    return reply.prices;
  };
}

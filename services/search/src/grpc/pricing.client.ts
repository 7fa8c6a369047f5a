import type { pricing } from '@travel/contracts';
import { type ServiceClient, withRequestMetadata } from '@travel/grpc';
import type { PriceOffers } from '../domain/finish-offers';

/** The pricing service behind the domain's PriceOffers port; the caller's request id travels along. */
export function createPriceOffers(
  client: ServiceClient<typeof pricing.PricingServiceDefinition>,
): PriceOffers {
  return async ({ tenantId, service, subtotals }, requestId) => {
    const reply = await client.priceOffers(
      { tenantId: tenantId ?? undefined, service, subtotals },
      withRequestMetadata(requestId),
    );
    return reply.prices;
  };
}

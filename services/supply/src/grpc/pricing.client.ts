import type { pricing } from '@travel/contracts';
import type { PeerClient } from '@travel/grpc';
import type { QuotePremium } from '../domain/manage-insurance-policies';

/** Pricing's `Quote` for an insurance premium in paise. */
export function createQuotePremium(
  client: PeerClient<typeof pricing.PricingServiceDefinition>,
): QuotePremium {
  return async (tenantId, amountPaise, requestId) => {
    const { price } = await client.quote({ tenantId, service: 'insurance', amountPaise }, { requestId });
    if (!price) throw new Error('pricing answered no price');
    return price;
  };
}

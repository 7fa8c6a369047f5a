import type { pricing } from '@travel/contracts';
import type { ServiceClient } from '@travel/grpc';
import type { QuotePremium } from '../domain/manage-insurance-policies';

/** Pricing's `Quote` for an insurance premium in paise. */
export function createQuotePremium(
  client: ServiceClient<typeof pricing.PricingServiceDefinition>,
): QuotePremium {
  return async (tenantId, amountPaise) => {
    const { price } = await client.quote({ tenantId, service: 'insurance', amountPaise });
    if (!price) throw new Error('pricing answered no price');
    return price;
  };
}

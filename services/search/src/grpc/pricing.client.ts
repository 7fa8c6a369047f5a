import type { pricing } from '@travel/contracts';
import type { PeerClient } from '@travel/grpc';
import type { LoadRates } from '../domain/cached-rates';

/**
 * Pricing's rates in force for one tenant and service (`CurrentRates`), behind the domain's LoadRates port; the
 * search's request id travels along (and, through the call scope, its deadline and cancellation).
 */
export function createLoadRates(client: PeerClient<typeof pricing.PricingServiceDefinition>): LoadRates {
  return async (tenantId, service, requestId) => {
    const { marginBps, taxBps, feeBps } = await client.currentRates(
      { tenantId: tenantId ?? undefined, service },
      { requestId },
    );
    return { marginBps, taxBps, feeBps };
  };
}

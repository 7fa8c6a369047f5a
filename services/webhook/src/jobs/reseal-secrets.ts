import { type ResealCount, resealEach } from '@travel/sealing';
import type { EndpointRepository } from '../db/endpoint.repository';
import type { EndpointSecrets } from '../db/endpoint-secrets';

/**
 * Seals every endpoint's signing secrets again under the active key (older keys, or stored in clear): the current
 * one and those a rotation left signing for its overlap.
 */
export async function resealSecrets({
  endpoints,
  secrets,
}: {
  endpoints: EndpointRepository;
  secrets: EndpointSecrets;
}): Promise<ResealCount> {
  return resealEach(await endpoints.storedSecrets(), {
    isCurrent: (stored) => secrets.isCurrent(stored.sealedSecret),
    reseal: (stored) => secrets.seal(stored.id, secrets.open(stored)),
    replace: (stored, sealed) =>
      endpoints.replaceSecret(stored.id, stored.sealedSecret, sealed, stored.retiring),
  });
}

import type { EndpointRepository } from '../db/endpoint.repository';
import type { EndpointSecrets } from '../db/endpoint-secrets';

/** Seals every endpoint's signing secret again under the active key (older keys, or stored in clear). */
export async function resealSecrets(deps: {
  endpoints: EndpointRepository;
  secrets: EndpointSecrets;
}): Promise<{ resealed: number; current: number }> {
  let resealed = 0;
  let current = 0;
  for (const stored of await deps.endpoints.storedSecrets()) {
    if (deps.secrets.isCurrent(stored.sealedSecret)) {
      current++;
      continue;
    }
    const sealed = deps.secrets.seal(stored.id, deps.secrets.open(stored));
    if (await deps.endpoints.replaceSecret(stored.id, stored.sealedSecret, sealed)) resealed++;
  }
  return { resealed, current };
}

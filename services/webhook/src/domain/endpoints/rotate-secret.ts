import { AppError, badRequest } from '@travel/errors';
import type { EndpointRepository } from '../../db/endpoint.repository';
import type { EndpointSecrets } from '../../db/endpoint-secrets';
import { type Caller, ownerOf } from '../caller';
import type { Endpoint } from './endpoint';
import { DEFAULT_OVERLAP_SECONDS, MAX_OVERLAP_SECONDS, rotatedSecrets } from './secret-rotation';
import { newEndpointSecret } from './signature';

export interface RotateSecretDeps {
  endpoints: EndpointRepository;
  secrets: EndpointSecrets;
  now: () => Date;
}

export interface RotatedSecret {
  endpoint: Endpoint;
  /** The new plain secret: answered here once, stored sealed. */
  secret: string;
  /** Until when the replaced secret still signs; null when it stopped at once (overlap 0). */
  previousExpiresAt: Date | null;
}

/** Rotations that lost a race to another one are tried again on the endpoint as it now is, this often. */
const ATTEMPTS = 3;

/**
 * `POST /webhooks/{id}/rotate-secret`: a new signing secret at once; the replaced one keeps signing every
 * delivery beside it for `overlapSeconds` (default a day; 0 for a leaked secret), so a receiver that switches
 * at any moment of the window verifies every delivery (docs/decisions/partner-tools.md "Webhook secret rotation").
 */
export function createRotateSecret(deps: RotateSecretDeps) {
  return async function rotateSecret(
    caller: Caller,
    id: string,
    overlapSeconds: number = DEFAULT_OVERLAP_SECONDS,
  ): Promise<RotatedSecret> {
    if (!Number.isInteger(overlapSeconds) || overlapSeconds < 0 || overlapSeconds > MAX_OVERLAP_SECONDS)
      throw badRequest(
        [{ path: 'overlapSeconds', message: `must be an integer from 0 to ${MAX_OVERLAP_SECONDS}` }],
        'The rotation was refused.',
      );
    const owner = ownerOf(caller);
    const secret = newEndpointSecret();
    const sealed = deps.secrets.seal(id, secret);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const current = await deps.endpoints.findOwned(owner, id);
      if (!current) throw new AppError('not_found', `No webhook endpoint ${id}.`);
      const next = rotatedSecrets(current, sealed, overlapSeconds, deps.now());
      const endpoint = await deps.endpoints.rotateSecret(owner, id, current.sealedSecret, next);
      if (endpoint) return { endpoint, secret, previousExpiresAt: next.previousExpiresAt };
    }
    throw new AppError('conflict', `The secret of ${id} is being rotated by another request; try again.`);
  };
}

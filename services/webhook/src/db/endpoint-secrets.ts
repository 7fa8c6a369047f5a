import { type Sealer, sealingContext } from '@travel/sealing';
import type { Endpoint } from '../domain/endpoints/endpoint';
import { signingSecretsAt } from '../domain/endpoints/secret-rotation';

/** An endpoint's signing secret at rest: sealed, bound to its endpoint (`webhook-endpoint:<id>:secret`). */
export interface EndpointSecrets {
  seal(endpointId: string, secret: string): string;
  /** The plain secret, opened when a delivery is signed (an endpoint stored before sealing reads as it is). */
  open(endpoint: Pick<Endpoint, 'id' | 'sealedSecret'>): string;
  isCurrent(sealedSecret: string): boolean;
  /** The plain secrets that sign a delivery at `now`: the current one, then those a rotation left overlapping. */
  signingAt(endpoint: Pick<Endpoint, 'id' | 'sealedSecret' | 'retiringSecrets'>, now: Date): string[];
}

const contextOf = (endpointId: string) => sealingContext('webhook-endpoint', endpointId, 'secret');

export function createEndpointSecrets(sealer: Sealer): EndpointSecrets {
  return {
    seal: (endpointId, secret) => sealer.seal(secret, contextOf(endpointId)),
    open: ({ id, sealedSecret }) => sealer.openStored(sealedSecret, contextOf(id)),
    isCurrent: (sealedSecret) => sealer.isCurrent(sealedSecret),
    signingAt: (endpoint, now) =>
      signingSecretsAt(endpoint, now).map((sealed) => sealer.openStored(sealed, contextOf(endpoint.id))),
  };
}

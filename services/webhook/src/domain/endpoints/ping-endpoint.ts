import { randomBytes } from 'node:crypto';
import type { EndpointRepository } from '../../db/endpoint.repository';
import type { EndpointSecrets } from '../../db/endpoint-secrets';
import { type Caller, ownerOf } from '../caller';
import type { AttemptResult, OutgoingDelivery } from '../deliveries/delivery';
import { notFound } from './manage-endpoints';

export interface PingEndpointDeps {
  endpoints: EndpointRepository;
  secrets: EndpointSecrets;
  post(delivery: OutgoingDelivery): Promise<AttemptResult>;
  now: () => Date;
}

export const PING_EVENT_TYPE = 'ping';

const randomId = () => randomBytes(15).toString('base64url').replace(/[-_]/g, '0').slice(0, 20);

/**
 * `POST /webhooks/{id}/ping`: a `ping` event to the caller's endpoint now, signed and sent as any delivery
 * (the target is checked the same way: a refused one is a failed attempt, nothing is sent), and the
 * attempt's outcome answered. Not stored and not retried: a partner tests a receiver without a booking.
 * A disabled endpoint is pinged too (a partner checks the receiver before enabling it again).
 */
export function createPingEndpoint(deps: PingEndpointDeps) {
  return async function pingEndpoint(caller: Caller, id: string) {
    const endpoint = await deps.endpoints.findOwned(ownerOf(caller), id);
    if (!endpoint) throw notFound(id);
    const eventId = `evt_ping_${randomId()}`;
    const body = JSON.stringify({
      id: eventId,
      type: PING_EVENT_TYPE,
      created: deps.now().toISOString(),
      livemode: endpoint.environment === 'live',
      data: { endpointId: endpoint.id },
    });
    const attempt = await deps.post({
      url: endpoint.url,
      secrets: deps.secrets.signingAt(endpoint, deps.now()),
      eventType: PING_EVENT_TYPE,
      deliveryId: `whd_ping_${randomId()}`,
      body,
    });
    return { eventId, attempt };
  };
}

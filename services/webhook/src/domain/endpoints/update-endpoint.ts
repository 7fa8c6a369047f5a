import { badRequest } from '@travel/errors';
import type { DeliveryRepository } from '../../db/delivery.repository';
import type { EndpointChanges, EndpointRepository } from '../../db/endpoint.repository';
import { type Caller, ownerOf } from '../caller';
import type { EventType } from '../event-types';
import { eventProblems, urlProblems } from './endpoint-checks';
import { notFound } from './manage-endpoints';
import type { TargetPolicy } from './target-address';

export interface UpdateEndpointDeps {
  endpoints: EndpointRepository;
  deliveries: DeliveryRepository;
  policy: TargetPolicy;
  now: () => Date;
}

/** What a partner asks to change; absent fields stay as they are. */
export interface EndpointUpdate {
  url?: string;
  events?: string[];
  enabled?: boolean;
}

/**
 * `PATCH /webhooks/{id}`: `url` and `events` are checked as at registration (every failing field in one
 * `400`), then written in one update scoped by the owner (another client's endpoint is `not_found`) and
 * counted as a change, so every replica's cache sees it before the next event. Disabling ends the pending
 * deliveries as cancelled (as deleting does); enabling takes the events that happen from then on (`enabledAt`),
 * none of those missed meanwhile (`POST /webhooks/{id}/recover` and the events feed are for those).
 */
export function createUpdateEndpoint(deps: UpdateEndpointDeps) {
  return async function updateEndpoint(caller: Caller, id: string, update: EndpointUpdate) {
    const problems = [
      ...(update.url === undefined ? [] : await urlProblems(update.url, deps.policy)),
      ...(update.events === undefined ? [] : eventProblems(update.events)),
    ];
    if (problems.length > 0) throw badRequest(problems, 'The webhook endpoint change was refused.');
    const changes: EndpointChanges = {
      ...(update.url === undefined ? {} : { url: update.url }),
      ...(update.events === undefined ? {} : { events: [...new Set(update.events)] as EventType[] }),
      ...(update.enabled === false ? { status: 'disabled', statusChangedAt: deps.now() } : {}),
    };
    const owner = ownerOf(caller);
    let endpoint =
      Object.keys(changes).length === 0
        ? await deps.endpoints.findOwned(owner, id)
        : await deps.endpoints.update(owner, id, changes);
    if (!endpoint) throw notFound(id);
    // Enabling a disabled endpoint (by hand or by the auto-disable job) clears its reason and starts its
    // failing streak afresh; it listens from now on. Enabling an active one changes nothing.
    if (update.enabled === true) endpoint = (await deps.endpoints.enable(owner, id, deps.now())) ?? endpoint;
    if (endpoint.status === 'disabled') await deps.deliveries.cancelOfEndpoint(id, deps.now());
    return endpoint;
  };
}

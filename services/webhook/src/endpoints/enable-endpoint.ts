import { AppError } from '@travel/errors';
import type { EndpointRepository } from '../db/endpoint.repository';
import type { Endpoint } from '../domain/endpoint';
import { type Caller, ownerOf } from './caller';

/**
 * Enables the caller's endpoint again (one disabled by hand or by the auto-disable job): it receives the events
 * that happen from now on (none of those it missed while disabled: `POST /webhooks/{id}/recover` and the events
 * feed are for those), and its failing streak starts afresh from now. Enabling an active endpoint changes
 * nothing. For `PATCH /webhooks/{id}` with `enabled: true`.
 */
export function createEnableEndpoint(deps: { endpoints: EndpointRepository; now: () => Date }) {
  return async function enableEndpoint(caller: Caller, id: string): Promise<Endpoint> {
    const endpoint = await deps.endpoints.enable(ownerOf(caller), id, deps.now());
    if (!endpoint) throw new AppError('not_found', `No webhook endpoint ${id}.`);
    return endpoint;
  };
}

import { AppError, badRequest } from '@travel/errors';
import type { Counters } from '@travel/mongo';
import type { DeliveryRepository } from '../../db/delivery.repository';
import type { EndpointRepository } from '../../db/endpoint.repository';
import type { EndpointSecrets } from '../../db/endpoint-secrets';
import { type Caller, ownerOf } from '../caller';
import type { EventType } from '../event-types';
import type { Endpoint } from './endpoint';
import { eventProblems, urlProblems } from './endpoint-checks';
import { newEndpointSecret } from './signature';
import type { TargetPolicy } from './target-address';

export interface ManageEndpointsDeps {
  endpoints: EndpointRepository;
  secrets: EndpointSecrets;
  deliveries: DeliveryRepository;
  counters: Counters;
  policy: TargetPolicy;
  limitPerClient: number;
  now: () => Date;
}

/** Register, list and delete a client's endpoints (gateway/openapi/partner.yaml, `/webhooks`). */
export function createManageEndpoints(deps: ManageEndpointsDeps) {
  async function register(caller: Caller, url: string, events: string[]) {
    const problems = [...(await urlProblems(url, deps.policy)), ...eventProblems(events)];
    if (problems.length > 0) throw badRequest(problems, 'The webhook endpoint was refused.');
    const id = `whk_${await deps.counters.next('endpoint')}`;
    const now = deps.now();
    const slot = await deps.endpoints.claimSlot(caller.clientId, id, deps.limitPerClient, now);
    if (slot === null)
      throw new AppError(
        'conflict',
        `A client has at most ${deps.limitPerClient} webhook endpoints; delete one first.`,
      );
    const secret = newEndpointSecret();
    const endpoint: Endpoint = {
      id,
      clientId: caller.clientId,
      tenantId: caller.tenantId,
      environment: caller.environment,
      url,
      events: [...new Set(events)] as EventType[],
      status: 'active',
      sealedSecret: deps.secrets.seal(id, secret),
      retiringSecrets: [],
      disabledReason: null,
      statusChangedAt: null,
      createdAt: now,
    };
    await deps.endpoints.insert(endpoint, slot);
    return { endpoint, secret };
  }

  async function list(caller: Caller) {
    return (await deps.endpoints.ofOwner(ownerOf(caller))).sort(byNumber);
  }

  async function remove(caller: Caller, id: string) {
    const owner = ownerOf(caller);
    if (!(await deps.endpoints.findOwned(owner, id))) throw notFound(id);
    // Its pending deliveries are cancelled first (a crash after this leaves the endpoint, to be deleted
    // again), and again once every cache can know it is gone: an intake that was adding deliveries for it
    // meanwhile has its additions cancelled too (a later one's are cancelled by the dispatcher).
    await deps.deliveries.cancelOfEndpoint(id, deps.now());
    if (!(await deps.endpoints.remove(owner, id))) throw notFound(id);
    await deps.deliveries.cancelOfEndpoint(id, deps.now());
    return id;
  }

  return { register, list, remove };
}

export const notFound = (id: string) => new AppError('not_found', `No webhook endpoint ${id}.`);

const numberOf = (endpoint: Endpoint) => Number(endpoint.id.slice('whk_'.length));
const byNumber = (a: Endpoint, b: Endpoint) => numberOf(a) - numberOf(b);

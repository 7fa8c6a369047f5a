import { AppError, badRequest, type FieldProblem } from '@travel/errors';
import { checkPageQuery, pageOfRows } from '@travel/paging';
import type { DeliveryRepository } from '../../db/delivery.repository';
import type { EndpointRepository } from '../../db/endpoint.repository';
import { type Caller, ownerOf } from '../caller';
import { EVENT_TYPES, isEventType } from '../event-types';
import type { DeliveryHistory } from './delivery';
import { deliveryCursors } from './delivery-cursor';
import { isPartnerDeliveryStatus, PARTNER_DELIVERY_STATUSES, storedStatusesOf } from './delivery-status';

export interface DeliveryPageQuery {
  endpointId: string;
  limit: number;
  cursor?: string | undefined;
  status?: string | undefined;
  eventType?: string | undefined;
}

/**
 * `GET /webhooks/{id}/deliveries`: one page of an endpoint's deliveries, newest first, each after the last
 * one shown (by creation time, then id), so deliveries made meanwhile never shift a page. The endpoint must
 * be the caller's (its client and environment in the filter; another's is `not_found`); support (`null`)
 * reads any. Every bad query field is listed in one `400`.
 */
export function createPageDeliveries(deps: {
  deliveries: DeliveryRepository;
  endpoints: EndpointRepository;
}) {
  return async function pageDeliveries(
    caller: Caller | null,
    query: DeliveryPageQuery,
  ): Promise<{ deliveries: DeliveryHistory[]; nextCursor: string | undefined }> {
    const { page, problems } = checkPageQuery(query, deliveryCursors, filterProblems(query));
    if (problems.length > 0) throw badRequest(problems);
    const endpoint = caller
      ? await deps.endpoints.findOwned(ownerOf(caller), query.endpointId)
      : await deps.endpoints.find(query.endpointId);
    if (!endpoint) throw new AppError('not_found', `No webhook endpoint ${query.endpointId}.`);
    const filter = {
      ...(query.status && isPartnerDeliveryStatus(query.status)
        ? { statuses: storedStatusesOf(query.status) }
        : {}),
      ...(query.eventType ? { eventType: query.eventType } : {}),
    };
    const rows = await deps.deliveries.pageOfEndpoint(endpoint.id, filter, page.after, page.limit + 1);
    const { items, nextCursor } = pageOfRows(rows, page.limit, (last) => deliveryCursors.encode(last));
    return { deliveries: items, nextCursor };
  };
}

function filterProblems(query: DeliveryPageQuery): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (query.status !== undefined && !isPartnerDeliveryStatus(query.status))
    problems.push({ path: 'status', message: `must be one of ${PARTNER_DELIVERY_STATUSES.join(', ')}` });
  if (query.eventType !== undefined && !isEventType(query.eventType))
    problems.push({ path: 'type', message: `must be one of ${EVENT_TYPES.join(', ')}` });
  return problems;
}

import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { Event, eventIdParams } from '../common/partner-contract/events';
import { dataOf, eventsQuery, pageOf } from '../common/partner-contract/operations';
import { clientIdParams } from './api-access.contract';

// The tenant's view of one of its clients' events feed (api-console-events.routes.ts); words in
// internal.texts.yaml.

/** The mode whose feed is read (a partner's key names it; staff name it here). */
const environment = z.enum(['live', 'test']).default('live').meta({
  description: "Whose feed: the client's `live` (default) or `test` events; the two never mix.",
});

/** The partner feed's query, with the mode. */
export const ownEventsQuery = eventsQuery.extend({ environment });
/** One event: the client's, in the mode named (a delivery's payload, by the delivery's `eventId`). */
export const ownEventQuery = z.object({ environment });
const ownEventParams = clientIdParams.extend({ eventId: eventIdParams.shape.id });

export const apiConsoleEventsContract = {
  operations: defineOperations({
    listOwnClientEvents: {
      method: 'get',
      path: '/admin/api-console/clients/{id}/events',
      params: clientIdParams,
      query: ownEventsQuery,
      responses: { '200': pageOf(Event) },
    },
    getOwnClientEvent: {
      method: 'get',
      path: '/admin/api-console/clients/{id}/events/{eventId}',
      params: ownEventParams,
      query: ownEventQuery,
      responses: { '200': dataOf(Event) },
    },
  }),
  components: {},
};

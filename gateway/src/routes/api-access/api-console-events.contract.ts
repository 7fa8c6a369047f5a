import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { Event } from '../common/partner-contract/events';
import { eventsQuery, pageOf } from '../common/partner-contract/operations';
import { clientIdParams } from './api-access.contract';

// The tenant's view of one of its clients' events feed (api-console-events.routes.ts); words in
// internal.texts.yaml.

/** The partner feed's query, with the mode whose feed is read (a partner's key names it; staff must). */
export const ownEventsQuery = eventsQuery.extend({
  environment: z.enum(['live', 'test']).default('live').meta({
    description: "Whose feed: the client's `live` (default) or `test` events; the two never mix.",
  }),
});

export const apiConsoleEventsContract = {
  operations: defineOperations({
    listOwnClientEvents: {
      method: 'get',
      path: '/admin/api-console/clients/{id}/events',
      params: clientIdParams,
      query: ownEventsQuery,
      responses: { '200': pageOf(Event) },
    },
  }),
  components: {},
};

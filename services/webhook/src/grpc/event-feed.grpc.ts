import { caller, type eventFeed } from '@travel/contracts';
import { type RequestContext, requireCallerOf, requireRight, type ServiceImplementation } from '@travel/grpc';
import type { FeedOwner } from '../db/feed.repository';
import { CONSOLE_RIGHT, clientScopeOf, partnerOf } from '../domain/caller';
import type { FeedEvent } from '../domain/feed/feed-event';
import type { createReadEvents } from '../domain/feed/read-events';

/** Thin handlers of the events feed: resolve the partner caller (anyone else: refused), call, encode. */
export function createEventFeedGrpc(
  readEvents: ReturnType<typeof createReadEvents>,
): ServiceImplementation<typeof eventFeed.EventFeedServiceDefinition, RequestContext> {
  return {
    async listEvents(request) {
      const query = {
        limit: request.limit,
        ...(request.cursor === undefined ? {} : { cursor: request.cursor }),
        ...(request.after === undefined ? {} : { after: request.after }),
        ...(request.type === undefined ? {} : { type: request.type }),
      };
      const page =
        request.caller?.kind === caller.Caller_Kind.KIND_TENANT_STAFF
          ? await readEvents.listForTenant(...tenantFeedOf(request), query)
          : await readEvents.list(partnerOf(request.caller), query);
      return { events: page.events.map(encodeFeedEvent), nextCursor: page.nextCursor };
    },
    async getEvent(request) {
      const event =
        request.caller?.kind === caller.Caller_Kind.KIND_TENANT_STAFF
          ? await readEvents.getForTenant(...tenantFeedOf(request), request.id)
          : await readEvents.get(partnerOf(request.caller), request.id);
      return { event: encodeFeedEvent(event) };
    },
  };
}

/**
 * The partner console's read: tenant staff holding `api-console` (checked again here), the client and mode named
 * (both required); anyone else but a partner is refused (fail closed).
 */
function tenantFeedOf(request: eventFeed.ListEventsRequest | eventFeed.GetEventRequest): [string, FeedOwner] {
  const staff = requireCallerOf(request.caller, 'tenant-staff');
  requireRight(staff, CONSOLE_RIGHT);
  return [staff.tenantId, clientScopeOf(request)];
}

function encodeFeedEvent(event: FeedEvent): eventFeed.FeedEvent {
  return {
    id: event.id,
    type: event.type,
    sequence: event.sequence,
    created: event.created,
    livemode: event.livemode,
    dataJson: JSON.stringify(event.data),
  };
}

import type { eventFeed } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import { partnerOf } from '../domain/caller';
import type { FeedEvent } from '../domain/feed/feed-event';
import type { createReadEvents } from '../domain/feed/read-events';

/** Thin handlers of the events feed: resolve the partner caller (anyone else: refused), call, encode. */
export function createEventFeedGrpc(
  readEvents: ReturnType<typeof createReadEvents>,
): ServiceImplementation<typeof eventFeed.EventFeedServiceDefinition, RequestContext> {
  return {
    async listEvents(request) {
      const page = await readEvents.list(partnerOf(request.caller), {
        limit: request.limit,
        ...(request.cursor === undefined ? {} : { cursor: request.cursor }),
        ...(request.after === undefined ? {} : { after: request.after }),
        ...(request.type === undefined ? {} : { type: request.type }),
      });
      return { events: page.events.map(encodeFeedEvent), nextCursor: page.nextCursor };
    },
    async getEvent(request) {
      return { event: encodeFeedEvent(await readEvents.get(partnerOf(request.caller), request.id)) };
    },
  };
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

import { AppError, badRequest, type FieldProblem } from '@travel/errors';
import { checkPageQuery, pageOfRows } from '@travel/paging';
import type { FeedOwner, FeedPageQuery, FeedRepository } from '../../db/feed.repository';
import { type Caller, ownerOf } from '../caller';
import { type EventType, isEventType } from '../event-types';
import { encodeFeedCursor, feedCursors } from './feed-cursor';
import type { FeedEvent } from './feed-event';

export interface ListEventsQuery {
  limit: number;
  cursor?: string;
  /** Catch-up: the last sequence the partner has; the page starts right after it, oldest first. */
  after?: number;
  type?: string;
}

export interface EventsPage {
  events: FeedEvent[];
  /** Absent on the last page. */
  nextCursor?: string;
}

/**
 * `GET /events` and `GET /events/{id}`: the calling client's feed in its key's environment, and nobody
 * else's (the client and environment are in every query). Listing also makes the client's stream known, so
 * `invoice.paid` of its tenant reaches its feed from then on even before it booked or registered an endpoint.
 */
export function createReadEvents(deps: { feed: FeedRepository }) {
  return {
    async list(caller: Caller, query: ListEventsQuery): Promise<EventsPage> {
      const owner = ownerOf(caller);
      const position = positionOf(query);
      const type = typeOf(query.type);
      await deps.feed.ensureStream(owner, caller.tenantId);
      return pageOf(deps.feed, owner, { ...position, ...(type ? { type } : {}), limit: query.limit });
    },
    /**
     * A tenant's staff read one of the tenant's clients' feeds (the partner console): only a stream made for
     * their tenant; another tenant's is `not_found`, and a client with no stream yet has no event to show.
     */
    async listForTenant(tenantId: string, owner: FeedOwner, query: ListEventsQuery): Promise<EventsPage> {
      const position = positionOf(query);
      const type = typeOf(query.type);
      const streamTenant = await deps.feed.tenantOfStream(owner);
      if (streamTenant === undefined) return { events: [] };
      if (streamTenant !== tenantId) throw new AppError('not_found', `No API client ${owner.clientId}.`);
      return pageOf(deps.feed, owner, { ...position, ...(type ? { type } : {}), limit: query.limit });
    },
    async get(caller: Caller, id: string): Promise<FeedEvent> {
      return found(id, await deps.feed.find(ownerOf(caller), id));
    },
    /**
     * One event of a tenant's client's feed (the partner console's payload of a delivery): as `listForTenant`,
     * only in a stream made for their tenant; no stream, another tenant's, or another mode's event is `not_found`.
     */
    async getForTenant(tenantId: string, owner: FeedOwner, id: string): Promise<FeedEvent> {
      const own = (await deps.feed.tenantOfStream(owner)) === tenantId;
      return found(id, own ? await deps.feed.find(owner, id) : null);
    },
  };
}

/** The event, or `not_found` naming the id (whatever the reason it is not the caller's). */
function found(id: string, event: FeedEvent | null): FeedEvent {
  if (!event) throw new AppError('not_found', `No event ${id}.`);
  return event;
}

async function pageOf(feed: FeedRepository, owner: FeedOwner, query: FeedPageQuery): Promise<EventsPage> {
  const rows = await feed.page(owner, { ...query, limit: query.limit + 1 });
  const { items, nextCursor } = pageOfRows(rows, query.limit, (last) =>
    encodeFeedCursor({ order: query.order, from: last.sequence }),
  );
  return nextCursor ? { events: items, nextCursor } : { events: items };
}

/** Newest first, or where a cursor left off, or right after `after` (every problem listed at once). */
function positionOf(query: ListEventsQuery): Pick<FeedPageQuery, 'order' | 'from'> {
  const problems: FieldProblem[] = [];
  if (query.after !== undefined && (!Number.isSafeInteger(query.after) || query.after < 0))
    problems.push({ path: 'after', message: 'must be a sequence, an integer from 0' });
  if (query.after !== undefined && query.cursor !== undefined)
    problems.push({
      path: 'after',
      message: 'must not be sent with cursor (the cursor carries the position)',
    });
  if (query.type !== undefined && !isEventType(query.type))
    problems.push({ path: 'type', message: 'must be an event type' });
  const checked = checkPageQuery(query, feedCursors, problems);
  if (checked.problems.length > 0) throw badRequest(checked.problems);
  if (checked.page.after) return checked.page.after;
  return query.after === undefined ? { order: 'newest' } : { order: 'oldest', from: query.after };
}

function typeOf(type: string | undefined): EventType | undefined {
  return type !== undefined && isEventType(type) ? type : undefined;
}

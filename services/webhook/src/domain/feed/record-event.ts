import type { EventEnvelope } from '@travel/events';
import type { FeedRepository } from '../../db/feed.repository';
import type { Environment } from '../endpoints/endpoint';
import type { EventType } from '../event-types';

export interface RecordEventDeps {
  feed: FeedRepository;
  /** How long an event stays in the feed (the TTL counts from its recording). */
  retentionMs: number;
  now: () => Date;
}

/** Each client's sequence for the event, by client id. */
export type Sequences = ReadonlyMap<number, number>;

/**
 * Puts one event into the feed of every client that may see it, whether or not an endpoint of it is
 * subscribed: a booking event into its client's; `invoice.paid` into every client of the tenant the service
 * knows (a stream that names the tenant, or an endpoint registered under it: `tenantClients`). Answers the
 * sequences, which the deliveries of the event carry too. Idempotent on the event id (feed.repository.ts).
 */
export function createRecordEvent(deps: RecordEventDeps) {
  return async function recordEvent(
    event: EventEnvelope,
    type: EventType,
    data: Record<string, unknown>,
    tenantClients: number[],
  ): Promise<Sequences> {
    const environment: Environment = event.livemode ? 'live' : 'test';
    const tenantId = event.tenantId || null;
    const clientIds =
      type === 'invoice.paid'
        ? await clientsOfTenant(deps.feed, tenantId, tenantClients)
        : [Number(event.clientId)];
    const expiresAt = new Date(deps.now().getTime() + deps.retentionMs);
    const entry = {
      id: event.id,
      type,
      environment,
      created: event.occurredAt as Date,
      livemode: event.livemode,
      data,
    };
    const sequences = await Promise.all(
      clientIds.map((clientId) => deps.feed.append({ ...entry, clientId }, tenantId, expiresAt)),
    );
    return new Map(clientIds.map((clientId, i) => [clientId, sequences[i] as number]));
  };
}

async function clientsOfTenant(
  feed: FeedRepository,
  tenantId: string | null,
  tenantClients: number[],
): Promise<number[]> {
  if (!tenantId) return [];
  return [...new Set([...(await feed.clientsOfTenant(tenantId)), ...tenantClients])];
}

import { createWriteCombiner, insertWholeIfAbsent, modelOn } from '@travel/mongo';
import type { Connection, mongo } from 'mongoose';
import type { Environment } from '../domain/endpoints/endpoint';
import type { EventType } from '../domain/event-types';
import { type FeedEvent, feedEntryIdOf, streamIdOf } from '../domain/feed/feed-event';
import {
  type FeedEntryDocument,
  type FeedStreamDocument,
  feedEntrySchema,
  feedStreamSchema,
} from './feed.schema';

/** Whose feed: a client in one environment, in every filter. */
export interface FeedOwner {
  clientId: number;
  environment: Environment;
}

/** A page's position: newest first below `from`, or oldest first above it (catch-up). */
export interface FeedPageQuery {
  order: 'newest' | 'oldest';
  /** Exclusive; absent for the newest page. */
  from?: number;
  type?: EventType;
  limit: number;
}

export interface FeedRepository {
  /**
   * Puts an event into its client's stream and answers its sequence: one more than the stream's highest.
   * An event already there (a redelivery) keeps the sequence it was given, so no event is numbered twice.
   * A number is taken only by the insert of the entry holding it (unique per stream), so a lost race or a
   * crash leaves no number unused: the feed shows no gap that is not a missing event.
   */
  append(entry: Omit<FeedEvent, 'sequence'>, tenantId: string | null, expiresAt: Date): Promise<number>;
  /** The clients a stream of which (in either environment) says they belong to the tenant. */
  clientsOfTenant(tenantId: string): Promise<number[]>;
  /** Makes the client's stream known (its first feed read), so tenant-wide events reach it from then on. */
  ensureStream(owner: FeedOwner, tenantId: string | null): Promise<void>;
  page(owner: FeedOwner, query: FeedPageQuery): Promise<FeedEvent[]>;
  find(owner: FeedOwner, eventId: string): Promise<FeedEvent | null>;
}

/** Racing appends to one stream each number again after a loss; far more losses than that is a fault. */
const MAX_APPEND_ROUNDS = 100;
/** Streams whose highest sequence this process remembers; more and it starts again. */
const MAX_KNOWN_STREAMS = 10_000;
/** A remembered highest sequence is read again after this long (another replica may have moved on). */
const KNOWN_FOR_MS = 60_000;

export function createFeedRepository(connection: Connection): FeedRepository {
  const entries = modelOn(connection, 'WebhookFeedEvent', feedEntrySchema);
  const streams = modelOn(connection, 'WebhookFeedStream', feedStreamSchema);
  const rawEntries = entries.collection as unknown as mongo.Collection<FeedEntryDocument>;
  const rawStreams = streams.collection as unknown as mongo.Collection<FeedStreamDocument>;

  /**
   * The stream remembers its highest sequence, for when every entry holding it has expired. The appends of
   * one stream that finish while its `$max` is out share the next one (each answers once it has landed).
   */
  const settleStream = createWriteCombiner<{ owner: FeedOwner; tenantId: string | null; sequence: number }>(
    async (_id, settled) => {
      const { owner } = settled[0] as (typeof settled)[number];
      const sequence = Math.max(...settled.map((one) => one.sequence));
      // An event without a tenant says nothing about the client's tenant: a known one is kept.
      const tenantId = [...settled].reverse().find((one) => one.tenantId)?.tenantId ?? null;
      await rawStreams.updateOne(
        { _id },
        {
          $max: { sequence },
          $setOnInsert: {
            clientId: owner.clientId,
            environment: owner.environment,
            ...(tenantId ? {} : { tenantId: null }),
          },
          ...(tenantId ? { $set: { tenantId } } : {}),
        },
        { upsert: true },
      );
      return [];
    },
  );
  const settle = (owner: FeedOwner, tenantId: string | null, sequence: number) =>
    settleStream(streamIdOf(owner.clientId, owner.environment), { owner, tenantId, sequence });

  async function highest(owner: FeedOwner): Promise<number> {
    const [stream, top] = await Promise.all([
      rawStreams.findOne({ _id: streamIdOf(owner.clientId, owner.environment) }),
      rawEntries.findOne(
        { clientId: owner.clientId, environment: owner.environment },
        { sort: { sequence: -1 }, projection: { sequence: 1 } },
      ),
    ]);
    return Math.max(stream?.sequence ?? 0, top?.sequence ?? 0);
  }

  /**
   * The highest sequence each stream has given, as this process last saw it, and the append in progress on
   * each stream: appends to one stream take their numbers one after another in this process, so the usual
   * append is two writes (the entry's insert, the stream's `$max`) and no read. A number is still taken only
   * by an insert, and another replica's number collides on the unique index: then the store is read again.
   */
  const known = new Map<string, { sequence: number; at: number }>();
  const inProgress = new Map<string, Promise<unknown>>();

  async function knownHighest(owner: FeedOwner, stream: string): Promise<number> {
    const remembered = known.get(stream);
    if (remembered && performance.now() - remembered.at < KNOWN_FOR_MS) return remembered.sequence;
    return highest(owner);
  }

  function remember(stream: string, sequence: number) {
    if (known.size >= MAX_KNOWN_STREAMS) known.clear();
    known.set(stream, { sequence, at: performance.now() });
  }

  /** Runs `append` after the stream's earlier appends in this process have finished, whatever their outcome. */
  function inTurn<T>(stream: string, append: () => Promise<T>): Promise<T> {
    const previous = inProgress.get(stream) ?? Promise.resolve();
    const mine = previous.then(append, append);
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    inProgress.set(stream, settled);
    void settled.then(() => {
      if (inProgress.get(stream) === settled) inProgress.delete(stream);
    });
    return mine;
  }

  /** One event into its stream: an entry already there (a redelivery) keeps its number. */
  async function appendInTurn(
    stream: string,
    _id: string,
    entry: Omit<FeedEvent, 'sequence' | 'id'>,
    id: string,
    expiresAt: Date,
  ): Promise<number> {
    let sequence = (await knownHighest(entry, stream)) + 1;
    for (let round = 0; round < MAX_APPEND_ROUNDS; round++) {
      if (await insertWholeIfAbsent(entries, { _id, eventId: id, ...entry, sequence, expiresAt })) {
        remember(stream, sequence);
        return sequence;
      }
      const recorded = await rawEntries.findOne({ _id }, { projection: { sequence: 1 } });
      if (recorded) return recorded.sequence;
      // The number was taken (another replica, or an entry this process did not see): read the stream again.
      sequence = (await highest(entry)) + 1;
    }
    throw new Error(`no sequence for ${id} after ${MAX_APPEND_ROUNDS} rounds of racing appends`);
  }

  return {
    async append({ id, ...entry }, tenantId, expiresAt) {
      const _id = feedEntryIdOf(id, entry.clientId);
      const stream = streamIdOf(entry.clientId, entry.environment);
      const sequence = await inTurn(stream, () => appendInTurn(stream, _id, entry, id, expiresAt));
      // After the turn: `$max` lands right in any order, so the next append does not wait for it.
      await settle(entry, tenantId, sequence);
      return sequence;
    },
    async clientsOfTenant(tenantId) {
      const docs = await rawStreams.find({ tenantId }, { projection: { clientId: 1 } }).toArray();
      return [...new Set(docs.map((doc) => doc.clientId))];
    },
    async ensureStream(owner, tenantId) {
      await rawStreams.updateOne(
        { _id: streamIdOf(owner.clientId, owner.environment) },
        { $setOnInsert: { clientId: owner.clientId, environment: owner.environment, tenantId, sequence: 0 } },
        { upsert: true },
      );
    },
    async page(owner, { order, from, type, limit }) {
      const bound =
        from === undefined ? {} : { sequence: order === 'newest' ? { $lt: from } : { $gt: from } };
      const docs = await rawEntries
        .find(
          { clientId: owner.clientId, environment: owner.environment, ...(type ? { type } : {}), ...bound },
          { sort: { sequence: order === 'newest' ? -1 : 1 }, limit },
        )
        .toArray();
      return docs.map(toFeedEvent);
    },
    async find(owner, eventId) {
      const doc = await rawEntries.findOne({
        _id: feedEntryIdOf(eventId, owner.clientId),
        clientId: owner.clientId,
        environment: owner.environment,
      });
      return doc ? toFeedEvent(doc) : null;
    },
  };
}

function toFeedEvent(doc: FeedEntryDocument): FeedEvent {
  return {
    id: doc.eventId,
    type: doc.type,
    clientId: doc.clientId,
    environment: doc.environment,
    sequence: doc.sequence,
    created: doc.created,
    livemode: doc.livemode,
    data: withSupplyMark(doc.type, doc.data),
  };
}

/** A booking event recorded before `simulated` was in its data: every booking then was simulated. */
function withSupplyMark(type: string, data: Record<string, unknown>): Record<string, unknown> {
  return type.startsWith('booking.') && data.simulated === undefined ? { ...data, simulated: true } : data;
}

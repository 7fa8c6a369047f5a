import { createWriteCombiner, insertWholeIfAbsent, isDuplicateKeyError, modelOn } from '@travel/mongo';
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
  /** The tenant a client's stream was made for: `undefined` when the client has no stream in that environment. */
  tenantOfStream(owner: FeedOwner): Promise<string | null | undefined>;
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
   * The highest sequence each stream has given, as this process last saw it. Appends to one stream take their
   * numbers in turn in this process, and those that queue while a stream's insert is out go together in its
   * next one: an ordered `insertMany` of the next numbers, so the usual append costs a share of two writes (the
   * entries' insert, the stream's `$max`) and no read. A number is still taken only by an insert: where one
   * collides (another replica's number, or a redelivered entry), the entries before it have landed, none after
   * it has, and the rest go one by one, reading the store again.
   */
  const known = new Map<string, { sequence: number; at: number }>();

  async function knownHighest(owner: FeedOwner, stream: string): Promise<number> {
    const remembered = known.get(stream);
    if (remembered && performance.now() - remembered.at < KNOWN_FOR_MS) return remembered.sequence;
    return highest(owner);
  }

  function remember(stream: string, sequence: number) {
    if (known.size >= MAX_KNOWN_STREAMS) known.clear();
    known.set(stream, { sequence, at: performance.now() });
  }

  type Pending = Omit<FeedEntryDocument, 'sequence'>;

  const appendInTurn = createWriteCombiner<Pending, number>(async (stream, pending) => {
    const first = pending[0] as Pending;
    const base = await knownHighest(first, stream);
    const docs = pending.map((doc, i) => ({ ...doc, sequence: base + 1 + i }));
    const landed = await insertedPrefix(docs);
    if (landed > 0) remember(stream, base + landed);
    const sequences = docs.slice(0, landed).map((doc) => doc.sequence);
    for (const doc of pending.slice(landed)) sequences.push(await appendOne(stream, doc));
    return sequences;
  });

  /** How many of the documents, in order, the ordered insert landed before one collided. */
  async function insertedPrefix(docs: FeedEntryDocument[]): Promise<number> {
    try {
      await rawEntries.insertMany(docs, { ordered: true });
      return docs.length;
    } catch (error) {
      const failed = (error as { writeErrors?: Array<{ index: number }> }).writeErrors?.[0];
      if (!failed || !isDuplicateKeyError(error)) throw error;
      return failed.index;
    }
  }

  /** One event into its stream after a collision: an entry already there (a redelivery) keeps its number. */
  async function appendOne(stream: string, doc: Pending): Promise<number> {
    let sequence = (await knownHighest(doc, stream)) + 1;
    for (let round = 0; round < MAX_APPEND_ROUNDS; round++) {
      if (await insertWholeIfAbsent(entries, { ...doc, sequence })) {
        remember(stream, sequence);
        return sequence;
      }
      const recorded = await rawEntries.findOne({ _id: doc._id }, { projection: { sequence: 1 } });
      if (recorded) return recorded.sequence;
      // The number was taken (another replica, or an entry this process did not see): read the stream again.
      sequence = (await highest(doc)) + 1;
    }
    throw new Error(`no sequence for ${doc.eventId} after ${MAX_APPEND_ROUNDS} rounds of racing appends`);
  }

  return {
    async append({ id, ...entry }, tenantId, expiresAt) {
      const _id = feedEntryIdOf(id, entry.clientId);
      const stream = streamIdOf(entry.clientId, entry.environment);
      const sequence = await appendInTurn(stream, { _id, eventId: id, ...entry, expiresAt });
      // After the turn: `$max` lands right in any order, so the next append does not wait for it.
      await settle(entry, tenantId, sequence);
      return sequence;
    },
    async clientsOfTenant(tenantId) {
      const docs = await rawStreams.find({ tenantId }, { projection: { clientId: 1 } }).toArray();
      return [...new Set(docs.map((doc) => doc.clientId))];
    },
    async tenantOfStream(owner) {
      const stream = await rawStreams.findOne(
        { _id: streamIdOf(owner.clientId, owner.environment) },
        { projection: { tenantId: 1 } },
      );
      return stream ? (stream.tenantId ?? null) : undefined;
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

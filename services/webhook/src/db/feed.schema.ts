import { Schema } from 'mongoose';
import type { Environment } from '../domain/endpoints/endpoint';
import type { FeedEvent } from '../domain/feed/feed-event';

/** One event in one client's feed; `_id` is `<event id>:<client id>` (feedEntryIdOf). */
export interface FeedEntryDocument extends Omit<FeedEvent, 'id'> {
  _id: string;
  eventId: string;
  /** When the store may drop it: its recording plus the retention (a TTL index). */
  expiresAt: Date;
}

export const feedEntrySchema = new Schema<FeedEntryDocument>(
  {
    _id: { type: String, required: true },
    eventId: { type: String, required: true },
    type: { type: String, required: true },
    clientId: { type: Number, required: true },
    environment: { type: String, required: true },
    sequence: { type: Number, required: true },
    created: { type: Date, required: true },
    livemode: { type: Boolean, required: true },
    data: { type: Schema.Types.Mixed, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'webhook_feed_events', versionKey: false, minimize: false },
);
// Serves the feed's pages both ways and a stream's last sequence; unique, so two events racing for one
// number cannot both take it (the loser numbers again: feed.repository.ts `append`).
feedEntrySchema.index({ clientId: 1, environment: 1, sequence: 1 }, { unique: true });
// Serves the feed's pages filtered by `type`.
feedEntrySchema.index({ clientId: 1, environment: 1, type: 1, sequence: 1 });
// Retention: the store drops an entry once `expiresAt` has passed (30 days after it was recorded).
feedEntrySchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

/**
 * One client's stream in one environment: the highest sequence it has given (kept when its entries expire,
 * so numbering never starts again), and the client's tenant, which is how `invoice.paid` finds the clients
 * of a tenant. `_id` is `<client id>:<environment>` (streamIdOf).
 */
export interface FeedStreamDocument {
  _id: string;
  clientId: number;
  environment: Environment;
  tenantId: string | null;
  sequence: number;
}

export const feedStreamSchema = new Schema<FeedStreamDocument>(
  {
    _id: { type: String, required: true },
    clientId: { type: Number, required: true },
    environment: { type: String, required: true },
    tenantId: { type: String, default: null },
    sequence: { type: Number, required: true },
  },
  { collection: 'webhook_feed_streams', versionKey: false },
);
// Serves `clientsOfTenant` (the audience of `invoice.paid`).
feedStreamSchema.index({ tenantId: 1 });

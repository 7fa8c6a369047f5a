import { Schema } from 'mongoose';

/** The sums of usage rows: counts and latency added, the maximum kept. */
export interface UsageSums {
  requests: number;
  clientErrors: number;
  serverErrors: number;
  latencySum: number;
  latencyMax: number;
}

/**
 * One day's calls of one client, key and route, `_id` `<day>|<clientId>|<keyId>|<route>`: `raw` is the
 * sum of the day's raw rows, written once when the day is finalised (replaced whole, so a repeated
 * finalisation writes the same); `late` adds the rows of batches that arrived after the day had left the
 * raw window, each folded once (its row id in `folded`).
 */
export interface UsageRollupDocument {
  _id: string;
  day: string;
  clientId: number;
  keyId: string;
  route: string;
  raw: UsageSums;
  late: UsageSums;
  folded: string[];
  /** The end of the day plus USAGE_ROLLUP_DAYS: the store deletes the row then. */
  expiresAt: Date;
}

const sumsField = {
  requests: { type: Number, required: true },
  clientErrors: { type: Number, required: true },
  serverErrors: { type: Number, required: true },
  latencySum: { type: Number, required: true },
  latencyMax: { type: Number, required: true },
};

export const usageRollupSchema = new Schema<UsageRollupDocument>(
  {
    _id: { type: String, required: true },
    day: { type: String, required: true },
    clientId: { type: Number, required: true },
    keyId: { type: String, default: '' },
    route: { type: String, required: true },
    raw: sumsField,
    late: sumsField,
    folded: { type: [String], default: [] },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'api_usage_daily', versionKey: false },
);
// Serves GetUsage from the roll-ups: a range of days, optionally one client (and one key).
usageRollupSchema.index({ day: 1, clientId: 1, keyId: 1 });
// Retention (TTL): a day's roll-up goes USAGE_ROLLUP_DAYS after the day (docs/retention.md).
usageRollupSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

/**
 * One finalised (or being finalised) day, `_id` the day: claimed by one replica at a time (`lease`), then
 * `final` once its raw rows are summed into `raw`; only then are those rows deleted, and reads take the day
 * from the roll-ups alone.
 */
export interface UsageDayDocument {
  _id: string;
  final: boolean;
  lease: string;
  leaseUntil: Date;
  finalisedAt: Date | null;
  expiresAt: Date;
}

export const usageDaySchema = new Schema<UsageDayDocument>(
  {
    _id: { type: String, required: true },
    final: { type: Boolean, required: true },
    lease: { type: String, default: '' },
    leaseUntil: { type: Date, required: true },
    finalisedAt: { type: Date, default: null },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'api_usage_days', versionKey: false },
);
// Retention (TTL): the marker goes with its day's roll-ups.
usageDaySchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

import { Schema } from 'mongoose';
import type { UsageRow } from '../domain/usage/api-usage';

/**
 * One day/client/key/route row of one gateway batch: `_id` `<eventId>:<index>`, so a redelivered batch
 * collides with itself. Kept USAGE_RAW_DAYS after its day, then summed into `api_usage_daily` and deleted;
 * nothing is ever incremented in place.
 */
export interface ApiUsageDocument extends UsageRow {
  _id: string;
}

export const apiUsageSchema = new Schema<ApiUsageDocument>(
  {
    _id: { type: String, required: true },
    day: { type: String, required: true },
    clientId: { type: Number, required: true },
    keyId: { type: String, default: '' },
    route: { type: String, required: true },
    requests: { type: Number, required: true },
    clientErrors: { type: Number, required: true },
    serverErrors: { type: Number, required: true },
    latencySum: { type: Number, required: true },
    latencyMax: { type: Number, required: true },
  },
  { collection: 'api_usage', versionKey: false },
);
// Serves GetUsage: a range of days, optionally one client (and one key); and by its prefix the roll-up
// job's oldest raw day, its sum of a day and its deletion of a finalised day's rows (docs/retention.md).
apiUsageSchema.index({ day: 1, clientId: 1, keyId: 1 });

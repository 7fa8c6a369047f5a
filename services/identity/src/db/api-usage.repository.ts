import { isDuplicateKeyError, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { UsageRow } from '../domain/usage/api-usage';
import { type ApiUsageDocument, apiUsageSchema } from './api-usage.schema';

export interface UsageFilter {
  /** Inclusive `YYYY-MM-DD` days. */
  from: string;
  to: string;
  clientId?: number | undefined;
  keyId?: string | undefined;
}

export interface ApiUsageRepository {
  /** Inserts a batch's rows as `<eventId>:<index>`; rows already stored (a redelivery) are left alone. */
  insertBatch(eventId: string, rows: readonly UsageRow[]): Promise<void>;
  /** Every stored row in the range, streamed (there may be many). */
  scan(filter: UsageFilter): AsyncIterable<UsageRow>;
}

export function createApiUsageRepository(connection: Connection): ApiUsageRepository {
  const model = modelOn(connection, 'ApiUsage', apiUsageSchema);
  return {
    async insertBatch(eventId, rows) {
      for (const [index, row] of rows.entries()) {
        await model.create({ _id: `${eventId}:${index}`, ...row }).catch((error: unknown) => {
          if (!isDuplicateKeyError(error)) throw error;
        });
      }
    },
    async *scan(filter) {
      const query = {
        day: { $gte: filter.from, $lte: filter.to },
        ...(filter.clientId === undefined ? {} : { clientId: filter.clientId }),
        ...(filter.keyId === undefined ? {} : { keyId: filter.keyId }),
      };
      for await (const doc of model.find(query).lean<ApiUsageDocument[]>().cursor()) {
        yield toRow(doc as unknown as ApiUsageDocument);
      }
    },
  };
}

function toRow(doc: ApiUsageDocument): UsageRow {
  const { _id: _ignored, ...row } = doc;
  return row;
}

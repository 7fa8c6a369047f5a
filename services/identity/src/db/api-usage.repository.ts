import { deleteInBatches, isDuplicateKeyError, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { UsageRow } from '../domain/usage/api-usage';
import { type ApiUsageDocument, apiUsageSchema } from './api-usage.schema';
import type { UsageSums } from './api-usage-rollup.schema';

export interface UsageFilter {
  /** Inclusive `YYYY-MM-DD` days. */
  from: string;
  to: string;
  clientId?: number | undefined;
  keyId?: string | undefined;
}

export interface ApiUsageRepository {
  /** Inserts a batch's rows as `<eventId>:<index>`; rows already stored (a redelivery) are left alone. */
  insertBatch(eventId: string, rows: readonly { row: UsageRow; index: number }[]): Promise<void>;
  /** Every stored row in the range, streamed (there may be many). */
  scan(filter: UsageFilter): AsyncIterable<UsageRow>;
  /** The earliest day before `day` that still has raw rows. */
  oldestDayBefore(day: string): Promise<string | undefined>;
  /** The day's raw rows summed per client, key and route. */
  sumDay(day: string): Promise<UsageRow[]>;
  /** Deletes the day's raw rows (once its roll-up is final). */
  deleteDay(day: string): Promise<number>;
}

export function createApiUsageRepository(connection: Connection): ApiUsageRepository {
  const model = modelOn(connection, 'ApiUsage', apiUsageSchema);
  return {
    async insertBatch(eventId, rows) {
      for (const { row, index } of rows) {
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
    async oldestDayBefore(day) {
      const oldest = await model
        .findOne({ day: { $lt: day } }, { day: 1 })
        .sort({ day: 1 })
        .lean<Pick<ApiUsageDocument, 'day'>>();
      return oldest?.day;
    },
    async sumDay(day) {
      const groups = await model.aggregate<
        { _id: Pick<UsageRow, 'clientId' | 'keyId' | 'route'> } & UsageSums
      >([
        { $match: { day } },
        {
          $group: {
            _id: { clientId: '$clientId', keyId: '$keyId', route: '$route' },
            requests: { $sum: '$requests' },
            clientErrors: { $sum: '$clientErrors' },
            serverErrors: { $sum: '$serverErrors' },
            latencySum: { $sum: '$latencySum' },
            latencyMax: { $max: '$latencyMax' },
          },
        },
      ]);
      return groups.map(({ _id, ...sums }) => ({ day, ..._id, ...sums }));
    },
    // Bounded rounds: a day left half deleted is finished at the next pass (it is final by then).
    deleteDay: (day) => deleteInBatches(model, { day }, { batchSize: 1000, maxBatches: 200 }),
  };
}

function toRow(doc: ApiUsageDocument): UsageRow {
  const { _id: _ignored, ...row } = doc;
  return row;
}

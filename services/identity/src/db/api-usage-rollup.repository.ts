import { insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { UsageRow } from '../domain/usage/api-usage';
import type { UsageFilter } from './api-usage.repository';
import {
  type UsageDayDocument,
  type UsageRollupDocument,
  type UsageSums,
  usageDaySchema,
  usageRollupSchema,
} from './api-usage-rollup.schema';

export interface UsageRollupRepository {
  /** Adds a late row (`rowId` `<eventId>:<index>`) into its day's `late` sums, once however often it comes. */
  foldLate(rowId: string, row: UsageRow, expiresAt: Date): Promise<void>;
  /** Takes the day for this pass (`token`) unless it is final or another replica's lease is live. */
  claimDay(day: string, token: string, now: Date, leaseMs: number, expiresAt: Date): Promise<boolean>;
  /** Replaces the `raw` sums of the day's roll-ups with these (the sums of every raw row of the day). */
  writeRawSums(rows: readonly UsageRow[], expiresAt: Date): Promise<void>;
  /** Marks the day final, if this pass still holds it; false when another took it over. */
  finaliseDay(day: string, token: string, now: Date): Promise<boolean>;
  /** The finalised days among `from`..`to`. */
  finalDays(from: string, to: string): Promise<Set<string>>;
  /** The roll-ups of the range, streamed; `raw` counts only on final days (see `finalDays`). */
  scan(filter: UsageFilter): AsyncIterable<UsageRollupDocument>;
}

const ZERO: UsageSums = { requests: 0, clientErrors: 0, serverErrors: 0, latencySum: 0, latencyMax: 0 };

export const rollupIdOf = (row: Pick<UsageRow, 'day' | 'clientId' | 'keyId' | 'route'>) =>
  `${row.day}|${row.clientId}|${row.keyId}|${row.route}`;

export function createUsageRollupRepository(connection: Connection): UsageRollupRepository {
  const rollups = modelOn(connection, 'ApiUsageRollup', usageRollupSchema);
  const days = modelOn(connection, 'ApiUsageDay', usageDaySchema);
  // A roll-up is created by a unique insert before it is changed: racing creators never both "insert".
  const ensure = (row: UsageRow, expiresAt: Date) =>
    insertIfAbsent(rollups, {
      _id: rollupIdOf(row),
      day: row.day,
      clientId: row.clientId,
      keyId: row.keyId,
      route: row.route,
      raw: ZERO,
      late: ZERO,
      folded: [],
      expiresAt,
    });
  return {
    async foldLate(rowId, row, expiresAt) {
      await ensure(row, expiresAt);
      await rollups.updateOne(
        { _id: rollupIdOf(row), folded: { $ne: rowId } },
        {
          $inc: {
            'late.requests': row.requests,
            'late.clientErrors': row.clientErrors,
            'late.serverErrors': row.serverErrors,
            'late.latencySum': row.latencySum,
          },
          $max: { 'late.latencyMax': row.latencyMax },
          $push: { folded: rowId },
        },
      );
    },
    async claimDay(day, token, now, leaseMs, expiresAt) {
      const leaseUntil = new Date(now.getTime() + leaseMs);
      if (await insertIfAbsent(days, { _id: day, final: false, lease: token, leaseUntil, expiresAt }))
        return true;
      const claimed = await days.updateOne(
        { _id: day, final: false, leaseUntil: { $lte: now } },
        { $set: { lease: token, leaseUntil } },
      );
      return claimed.modifiedCount === 1;
    },
    async writeRawSums(rows, expiresAt) {
      for (const row of rows) {
        await ensure(row, expiresAt);
        const { day: _day, clientId: _client, keyId: _key, route: _route, ...sums } = row;
        await rollups.updateOne({ _id: rollupIdOf(row) }, { $set: { raw: sums } });
      }
    },
    async finaliseDay(day, token, now) {
      const done = await days.updateOne(
        { _id: day, final: false, lease: token },
        { $set: { final: true, finalisedAt: now } },
      );
      return done.modifiedCount === 1;
    },
    async finalDays(from, to) {
      const docs = await days
        .find({ _id: { $gte: from, $lte: to }, final: true }, { _id: 1 })
        .lean<Pick<UsageDayDocument, '_id'>[]>();
      return new Set(docs.map((doc) => doc._id));
    },
    async *scan(filter) {
      const query = {
        day: { $gte: filter.from, $lte: filter.to },
        ...(filter.clientId === undefined ? {} : { clientId: filter.clientId }),
        ...(filter.keyId === undefined ? {} : { keyId: filter.keyId }),
      };
      const projection = { folded: 0 };
      for await (const doc of rollups.find(query, projection).lean<UsageRollupDocument[]>().cursor()) {
        yield doc as unknown as UsageRollupDocument;
      }
    },
  };
}

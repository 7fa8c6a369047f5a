import type { ApiUsageRepository } from '../../db/api-usage.repository';
import type { UsageRollupRepository } from '../../db/api-usage-rollup.repository';
import type { UsageRow } from './api-usage';
import { firstRawDay, rollupExpiryOf, type UsageWindow } from './usage-window';

export interface RecordApiUsageDeps {
  usage: ApiUsageRepository;
  rollups: UsageRollupRepository;
  window: UsageWindow;
  now: () => Date;
}

/**
 * Stores one gateway batch as rows keyed by the event id and row index. A redelivered batch collides on
 * those ids and changes nothing (an increment could not tell a redelivered batch from a new one). A row of a
 * day that has left the raw window (a batch parked and replayed, a consumer days behind) is folded into that
 * day's roll-up instead, once per row id.
 */
export function createRecordApiUsage(deps: RecordApiUsageDeps) {
  return async function recordApiUsage(eventId: string, rows: readonly UsageRow[]): Promise<void> {
    const oldestRaw = firstRawDay(deps.now(), deps.window);
    const fresh = rows.map((row, index) => ({ row, index })).filter(({ row }) => row.day >= oldestRaw);
    if (fresh.length > 0) await deps.usage.insertBatch(eventId, fresh);
    for (const [index, row] of rows.entries()) {
      if (row.day < oldestRaw)
        await deps.rollups.foldLate(`${eventId}:${index}`, row, rollupExpiryOf(row.day, deps.window));
    }
  };
}

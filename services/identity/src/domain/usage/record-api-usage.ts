import type { ApiUsageRepository } from '../../db/api-usage.repository';
import type { UsageRow } from './api-usage';

/**
 * Stores one gateway batch as rows keyed by the event id and row index. A redelivered batch collides on
 * those ids and changes nothing (an increment could not tell a redelivered batch from a new one).
 */
export function createRecordApiUsage({ usage }: { usage: ApiUsageRepository }) {
  return async function recordApiUsage(eventId: string, rows: readonly UsageRow[]): Promise<void> {
    await usage.insertBatch(eventId, rows);
  };
}

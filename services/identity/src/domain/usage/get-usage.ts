import { badRequest, type FieldProblem } from '@travel/errors';
import type { ApiUsageRepository } from '../../db/api-usage.repository';
import type { UsageRollupRepository } from '../../db/api-usage-rollup.repository';
import { assertPlatformStaff } from '../staff/platform-staff';
import type { StaffActor } from '../staff/staff';
import { type UsageRow, usageTotals } from './api-usage';

const MAX_DAYS = 92;
const DAY_MS = 86_400_000;

export interface GetUsageInput {
  actor: StaffActor;
  /** Inclusive UTC days, `YYYY-MM-DD`. */
  from: string;
  to: string;
  clientId?: number | undefined;
  keyId?: string | undefined;
}

export interface UsageReportRow extends Omit<UsageRow, 'latencySum' | 'latencyMax'> {
  /** Rounded to 0.1 ms. */
  averageLatencyMs: number;
  maxLatencyMs: number;
}

/**
 * Partner API calls per day, client, key and route. A finalised day is read from its roll-ups (one row per
 * client, key and route); the last few days, still raw, from the gateways' batches (docs/retention.md,
 * "API usage"); batches that came late for a day are in its roll-ups either way.
 */
export function createGetUsage({
  usage,
  rollups,
}: {
  usage: ApiUsageRepository;
  rollups: UsageRollupRepository;
}) {
  return async function getUsage(input: GetUsageInput): Promise<UsageReportRow[]> {
    assertPlatformStaff(input.actor);
    const problems = dayRangeProblems(input.from, input.to);
    if (problems.length > 0) throw badRequest(problems);
    const filter = { from: input.from, to: input.to, clientId: input.clientId, keyId: input.keyId };
    const totals = usageTotals();
    const finalDays = await rollups.finalDays(input.from, input.to);
    for await (const { _id, raw, late, folded: _folded, expiresAt: _expiry, ...key } of rollups.scan(
      filter,
    )) {
      if (finalDays.has(key.day) && raw.requests > 0) totals.add({ ...key, ...raw });
      if (late.requests > 0) totals.add({ ...key, ...late });
    }
    // A final day's raw rows only linger between its finalisation and their deletion: they are in `raw`.
    for await (const row of usage.scan(filter)) if (!finalDays.has(row.day)) totals.add(row);
    return totals.rows().map(({ latencySum, latencyMax, ...row }) => ({
      ...row,
      averageLatencyMs: Math.round((latencySum / row.requests) * 10) / 10,
      maxLatencyMs: latencyMax,
    }));
  };
}

export function dayRangeProblems(from: string, to: string): FieldProblem[] {
  const start = parseDay(from);
  const end = parseDay(to);
  const problems: FieldProblem[] = [];
  if (start === undefined) problems.push({ path: 'from', message: 'Must be a date, YYYY-MM-DD.' });
  if (end === undefined) problems.push({ path: 'to', message: 'Must be a date, YYYY-MM-DD.' });
  if (start === undefined || end === undefined) return problems;
  if (start > end) return [{ path: 'to', message: 'Must not be before from.' }];
  if ((end - start) / DAY_MS + 1 > MAX_DAYS) return [{ path: 'to', message: `At most ${MAX_DAYS} days.` }];
  return [];
}

/** Milliseconds of a real calendar day (2026-02-30 is not one), else undefined. */
function parseDay(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value ? undefined : ms;
}

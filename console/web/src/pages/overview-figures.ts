import type { components } from '../api/internal';
import { percentile } from '../ui/format';

/** The overview's figures, from the request log's calls of the period (pure: tested in overview-figures.test.ts). */
type RequestLog = components['schemas']['RequestLog'];

/** The periods the overview offers, in hours. */
export const PERIODS = { day: 24, week: 24 * 7, month: 24 * 30 } as const;
export type Period = keyof typeof PERIODS;

export interface RouteFigures {
  route: string;
  calls: number;
  errors: number;
  p50: number;
  p95: number;
}

export function byRoute(rows: readonly RequestLog[]): RouteFigures[] {
  const groups = new Map<string, RequestLog[]>();
  for (const row of rows) {
    const name = `${row.method} ${row.route}`;
    groups.set(name, [...(groups.get(name) ?? []), row]);
  }
  return [...groups.entries()]
    .map(([route, calls]) => {
      const latencies = calls.map((call) => call.latencyMs);
      return {
        route,
        calls: calls.length,
        errors: calls.filter((call) => call.status >= 400).length,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
      };
    })
    .sort((a, b) => b.calls - a.calls);
}

export function byErrorCode(rows: readonly RequestLog[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    if (row.status < 400) continue;
    const code = row.error?.error.code ?? String(row.status);
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}

/** Calls per hour (a day) or per day (a week, a month), oldest first, with their errors. */
export function buckets(rows: readonly RequestLog[], period: Period, now: number) {
  const hours = PERIODS[period];
  const size = period === 'day' ? 3600_000 : 86_400_000;
  const count = period === 'day' ? hours : hours / 24;
  const start = now - count * size;
  const bars = Array.from({ length: count }, (_, i) => ({
    label: new Date(start + i * size).toISOString(),
    value: 0,
    part: 0,
  }));
  for (const row of rows) {
    const bar = bars[Math.floor((Date.parse(row.at) - start) / size)];
    if (!bar) continue;
    bar.value += 1;
    if (row.status >= 400) bar.part += 1;
  }
  return bars;
}

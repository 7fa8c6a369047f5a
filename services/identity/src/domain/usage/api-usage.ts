/** One partner API call as a gateway reported it (the ApiCall message). */
export interface ApiCall {
  at: Date;
  clientId: number;
  keyId: string;
  method: string;
  /** Route template, e.g. `/api/v1/bookings/:id`. */
  route: string;
  status: number;
  latencyMs: number;
}

/** Calls counted per UTC day, client, key and route (`GET /api/v1/bookings/:id`). */
export interface UsageRow {
  day: string;
  clientId: number;
  keyId: string;
  route: string;
  requests: number;
  clientErrors: number;
  serverErrors: number;
  latencySum: number;
  latencyMax: number;
}

/** `YYYY-MM-DD` of a moment, in UTC. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

const rowKey = (row: Pick<UsageRow, 'day' | 'clientId' | 'keyId' | 'route'>) =>
  JSON.stringify([row.day, row.clientId, row.keyId, row.route]);

/** Adds rows of the same day, client, key and route together, one row at a time (rows may stream in). */
export function usageTotals() {
  const totals = new Map<string, UsageRow>();
  return {
    add(row: UsageRow): void {
      const key = rowKey(row);
      const total = totals.get(key);
      if (!total) {
        totals.set(key, { ...row });
        return;
      }
      total.requests += row.requests;
      total.clientErrors += row.clientErrors;
      total.serverErrors += row.serverErrors;
      total.latencySum += row.latencySum;
      total.latencyMax = Math.max(total.latencyMax, row.latencyMax);
    },
    /** Sorted by day, client, key and route. */
    rows(): UsageRow[] {
      return [...totals.values()].sort(compareRows);
    },
  };
}

/** A batch of calls as rows; deterministic, so a redelivered batch yields the same rows in the same order. */
export function summariseCalls(calls: readonly ApiCall[]): UsageRow[] {
  const totals = usageTotals();
  for (const call of calls) {
    totals.add({
      day: utcDay(call.at),
      clientId: call.clientId,
      keyId: call.keyId,
      route: `${call.method} ${call.route}`,
      requests: 1,
      clientErrors: call.status >= 400 && call.status < 500 ? 1 : 0,
      serverErrors: call.status >= 500 ? 1 : 0,
      latencySum: call.latencyMs,
      latencyMax: call.latencyMs,
    });
  }
  return totals.rows();
}

/** Code-unit order, not locale order: row ids derive from it and must not depend on the machine. */
function compareRows(a: UsageRow, b: UsageRow): number {
  return (
    compare(a.day, b.day) || a.clientId - b.clientId || compare(a.keyId, b.keyId) || compare(a.route, b.route)
  );
}

function compare(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

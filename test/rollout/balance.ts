import { metricsUrl, type ProcessRef, replicaLabel, SERVICES, type ServiceName } from '@travel/local-deploy';
import { sampleOf } from '@travel/metrics';
import { REPLICAS, ROLLOUT } from './rollout-stack';

// How the calls of each service spread over its replicas, from each replica's own Prometheus metrics
// (`grpc_server_handled_total`, without the health checks that probes and the gateways' readiness make).
// A counter starts from 0 when its replica restarts, so each replica is read before it stops and at the end.

const HEALTH = 'grpc.health.v1.Health';

/** The calls a replica has answered since it started (every method and status, health checks left out). */
export async function servedCalls(ref: ProcessRef): Promise<number> {
  const res = await fetch(metricsUrl(ROLLOUT, ref.name, ref.replica), { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`${replicaLabel(ref)} metrics answered ${res.status}`);
  const text = await res.text();
  return (
    sampleOf(text, 'grpc_server_handled_total') -
    sampleOf(text, 'grpc_server_handled_total', { grpc_service: HEALTH })
  );
}

/** Calls per replica over the load: what each process lifetime served, the counts before the load taken off. */
export interface CallLedger {
  /** Counts every service replica now, as the load starts. */
  baseline(): Promise<void>;
  /** A replica is about to stop: its lifetime so far is booked. */
  beforeStop(ref: ProcessRef): Promise<void>;
  /** The load is over: every replica's current lifetime is booked. */
  close(): Promise<void>;
  totals(): Map<string, number>;
}

const key = (service: ServiceName, replica: number) => `${service}#${replica}`;

export function createCallLedger(): CallLedger {
  const booked = new Map<string, number>();
  const offset = new Map<string, number>();
  const replicas = SERVICES.flatMap((name) =>
    Array.from({ length: REPLICAS }, (_, i) => ({ name, replica: i + 1 }) as ProcessRef),
  );
  const book = async (ref: ProcessRef) => {
    const id = key(ref.name as ServiceName, ref.replica);
    const served = (await servedCalls(ref)) - (offset.get(id) ?? 0);
    booked.set(id, (booked.get(id) ?? 0) + served);
    // The next lifetime starts from 0.
    offset.set(id, 0);
  };
  return {
    async baseline() {
      for (const ref of replicas) {
        const id = key(ref.name as ServiceName, ref.replica);
        offset.set(id, await servedCalls(ref));
        booked.set(id, 0);
      }
    },
    beforeStop: (ref) => (ref.name === 'gateway' ? Promise.resolve() : book(ref)),
    async close() {
      for (const ref of replicas) await book(ref);
    },
    totals: () => booked,
  };
}

/** Fewer calls than this in the whole load and a service's split says nothing; it is shown, not judged. */
export const MIN_CALLS_TO_JUDGE = 40;
export const SHARE_RANGE = { min: 0.3, max: 0.7 };

export interface BalanceRow {
  service: ServiceName;
  calls: number;
  /** Share of the service's calls per replica (1-based index). */
  shares: number[];
  counts: number[];
  judged: boolean;
  balanced: boolean;
}

export function balanceRows(totals: Map<string, number>): BalanceRow[] {
  return SERVICES.map((service) => {
    const counts = Array.from({ length: REPLICAS }, (_, i) => totals.get(key(service, i + 1)) ?? 0);
    const calls = counts.reduce((a, b) => a + b, 0);
    const shares = counts.map((n) => (calls === 0 ? 0 : n / calls));
    const judged = calls >= MIN_CALLS_TO_JUDGE;
    const balanced = shares.every((share) => share >= SHARE_RANGE.min && share <= SHARE_RANGE.max);
    return { service, calls, shares, counts, judged, balanced };
  });
}

/** The table the run prints (and the closing note quotes). */
export function balanceTable(rows: BalanceRow[]): string {
  const pct = (share: number) => `${(share * 100).toFixed(1)} %`;
  const header = `| service | calls | ${rows[0]?.counts.map((_, i) => `replica ${i + 1}`).join(' | ')} | judged |`;
  const rule = `|---|---:|${rows[0]?.counts.map(() => '---:').join('|')}|---|`;
  const lines = rows.map(
    (row) =>
      `| ${row.service} | ${row.calls} | ${row.counts.map((n, i) => `${n} (${pct(row.shares[i] ?? 0)})`).join(' | ')} | ${
        row.judged ? (row.balanced ? 'ok' : 'OUT OF RANGE') : `no (< ${MIN_CALLS_TO_JUDGE} calls)`
      } |`,
  );
  return [header, rule, ...lines].join('\n');
}

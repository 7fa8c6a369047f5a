import { metricsUrl, type ProcessRef } from '@travel/local-deploy';
import { ROLLOUT } from './rollout-stack';

// What the gateways' gRPC clients saw go wrong (`grpc_client_handled_total` with a code other than OK), to explain a
// failed request by the status behind it (UNAVAILABLE, CANCELLED, DEADLINE_EXCEEDED). Counters reset when a gateway
// restarts, so each is read before it stops and at the end.

const SERIES = /^grpc_client_handled_total\{(.*)\} (\S+)$/;

/** `service/method code` → count, for every series of a failed code in one scrape. */
export function failedClientCalls(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = SERIES.exec(line);
    if (!match) continue;
    const labels = new Map([...(match[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const code = labels.get('grpc_code');
    const value = Number(match[2]);
    if (code === 'OK' || value === 0) continue;
    const key = `${labels.get('grpc_service')}/${labels.get('grpc_method')} ${code}`;
    counts.set(key, (counts.get(key) ?? 0) + value);
  }
  return counts;
}

/** Sums what every gateway lifetime saw; health checks of starting or stopping replicas included. */
export function createClientErrorLog() {
  const total = new Map<string, number>();
  const read = async (ref: ProcessRef) => {
    const res = await fetch(metricsUrl(ROLLOUT, 'gateway', ref.replica), {
      signal: AbortSignal.timeout(5000),
    });
    for (const [key, n] of failedClientCalls(await res.text())) total.set(key, (total.get(key) ?? 0) + n);
  };
  return {
    beforeStop: (ref: ProcessRef) => (ref.name === 'gateway' ? read(ref) : Promise.resolve()),
    close: (gateways: ProcessRef[]) => Promise.all(gateways.map(read)),
    lines: () => [...total].sort(([a], [b]) => a.localeCompare(b)).map(([key, n]) => `${key}: ${n}`),
  };
}

import autocannon from 'autocannon';

export interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** Requests per second from all connections; absent: as fast as the target answers. */
  rate?: number | undefined;
}

export interface Measurement {
  target: string;
  rate: number | undefined;
  seconds: number;
  ok: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  statusCounts: Record<string, number>;
  /** 2xx answers per second. */
  rps: number;
  /** Latency percentiles of the 2xx answers, in milliseconds. */
  p50: number;
  p99: number;
}

export interface LoadRun {
  result: Promise<Measurement>;
  stop(): void;
}

/**
 * One autocannon run against one target over keep-alive connections. Latencies are taken from every
 * response event (sub-millisecond), because autocannon's own histogram counts whole milliseconds.
 */
export function runLoad(target: Target, options: LoadOptions): LoadRun {
  const latencies: number[] = [];
  let instance: autocannon.Instance | undefined;
  const result = new Promise<Measurement>((resolve, reject) => {
    instance = autocannon(
      {
        url: target.url,
        headers: target.headers,
        method: target.method ?? 'GET',
        body: target.body,
        connections: options.connections,
        duration: options.seconds,
        overallRate: options.rate,
        setupClient: options.rate ? evenlyPaced(options.rate, options.connections) : undefined,
        ignoreCoordinatedOmission: options.rate !== undefined,
      },
      (error: unknown, raw: autocannon.Result) => {
        if (error) reject(error);
        else resolve(summarise(target, options.rate, raw, latencies));
      },
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
  return { result, stop: () => instance?.stop() };
}

function summarise(
  target: Target,
  rate: number | undefined,
  raw: autocannon.Result,
  latencies: number[],
): Measurement {
  const seconds = (raw.finish.getTime() - raw.start.getTime()) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  const statusCounts: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(raw.statusCodeStats ?? {})) {
    statusCounts[status] = count ?? 0;
  }
  return {
    target: target.name,
    rate,
    seconds,
    ok: raw['2xx'],
    non2xx: raw.non2xx,
    errors: raw.errors,
    timeouts: raw.timeouts,
    statusCounts,
    rps: raw['2xx'] / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
  };
}

/** Nearest rank; NaN when nothing was measured. */
function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

/** autocannon's Client in the version pinned in package.json: `_doRequest` sends the next request. */
interface SendingClient {
  destroyed: boolean;
  _doRequest(...args: unknown[]): void;
}

/**
 * autocannon enforces a rate as a per-second quota that each connection spends in one burst at the start
 * of every second, so "a fixed rate" would really be bursts at full concurrency. This spaces each
 * connection's requests evenly and staggers the connections, so requests arrive one every 1/rate s; the
 * quota stays as the ceiling. Relies on autocannon's internal `_doRequest` (see SendingClient).
 */
function evenlyPaced(rate: number, connections: number) {
  const gapMs = (1000 * connections) / rate;
  let index = 0;
  return (client: autocannon.Client) => {
    const paced = client as unknown as SendingClient;
    const send = paced._doRequest.bind(paced);
    let next = performance.now() + (gapMs * index++) / connections;
    paced._doRequest = (...args) => {
      const now = performance.now();
      const wait = next - now;
      // Keep to the schedule (a late timer is made up by the next send), but forget a stall of over 1 s.
      next = Math.max(next + gapMs, now - 1000);
      if (wait < 1) send(...args);
      else setTimeout(() => !paced.destroyed && send(...args), wait);
    };
  };
}

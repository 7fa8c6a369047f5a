import type { IncomingHttpHeaders } from 'node:http';
import autocannon from 'autocannon';

export interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  /** Headers drawn again for every request (a fresh `Idempotency-Key`), on top of `headers`. */
  freshHeaders?: () => Record<string, string>;
  /**
   * Which answers count: `undefined` for a good one, else a label it is counted under. Without it, a good
   * answer is any 2xx and the label of another is its status.
   */
  judge?: (status: number, headers: IncomingHttpHeaders) => string | undefined;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** Requests per second from all connections; absent: as fast as the target answers. */
  rate?: number | undefined;
  /** Sends at most this many requests, and ends the run (at autocannon's next 1 s tick) once answered. */
  maxRequests?: number | undefined;
}

export interface Measurement {
  target: string;
  rate: number | undefined;
  seconds: number;
  /** Good answers (2xx unless the target judges them). */
  ok: number;
  /** Every other answer; `problems` counts them by status or by the target's label. */
  bad: number;
  problems: Record<string, number>;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  /** Good answers per second. */
  rps: number;
  /** Latency percentiles of the good answers, in milliseconds. */
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
  const tally = newTally();
  // autocannon calls a request's onResponse (which sees the headers) just before its 'response' event
  // (which has the latency), in one go for the same answer: the verdict is handed over in between.
  let verdict: string | undefined;
  let instance: autocannon.Instance | undefined;
  const result = new Promise<Measurement>((resolve, reject) => {
    instance = autocannon(
      {
        url: target.url,
        headers: target.headers,
        method: target.method ?? 'GET',
        body: target.body,
        requests: perRequest(target, (judged) => {
          verdict = judged;
        }),
        connections: options.connections,
        duration: options.seconds,
        overallRate: options.rate,
        setupClient: clientSetup(options),
        ignoreCoordinatedOmission: options.rate !== undefined,
      },
      (error: unknown, raw: autocannon.Result) => {
        if (error) reject(error);
        else resolve(summarise(target, options.rate, raw, tally));
      },
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      const problem = target.judge ? verdict : status >= 200 && status < 300 ? undefined : String(status);
      verdict = undefined;
      count(tally, problem, ms);
      if (options.maxRequests !== undefined && tally.answers >= options.maxRequests) instance?.stop();
    });
  });
  return { result, stop: () => instance?.stop() };
}

interface Tally {
  answers: number;
  latencies: number[];
  problems: Record<string, number>;
}

const newTally = (): Tally => ({ answers: 0, latencies: [], problems: {} });

function count(tally: Tally, problem: string | undefined, ms: number): void {
  tally.answers++;
  if (problem === undefined) tally.latencies.push(ms);
  else tally.problems[problem] = (tally.problems[problem] ?? 0) + 1;
}

/** The target's per-request steps as an autocannon request list; none without them (a fixed request). */
function perRequest(
  target: Target,
  onVerdict: (problem: string | undefined) => void,
): autocannon.Request[] | undefined {
  const { freshHeaders, judge } = target;
  if (!freshHeaders && !judge) return undefined;
  const request: autocannon.Request = {};
  if (freshHeaders) {
    request.setupRequest = (req) => ({ ...req, headers: { ...req.headers, ...freshHeaders() } });
  }
  if (judge)
    request.onResponse = (status, _body, _context, headers) => onVerdict(judge(status, headers ?? {}));
  return [request];
}

function summarise(
  target: Target,
  rate: number | undefined,
  raw: autocannon.Result,
  tally: Tally,
): Measurement {
  const seconds = (raw.finish.getTime() - raw.start.getTime()) / 1000;
  const sorted = Float64Array.from(tally.latencies).sort();
  return {
    target: target.name,
    rate,
    seconds,
    ok: sorted.length,
    bad: tally.answers - sorted.length,
    problems: tally.problems,
    errors: raw.errors,
    timeouts: raw.timeouts,
    rps: sorted.length / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
  };
}

/** Nearest rank; NaN when nothing was measured. */
export function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

/** autocannon's Client in the version pinned in package.json: `_doRequest` sends the next request. */
interface SendingClient {
  destroyed: boolean;
  _doRequest(...args: unknown[]): void;
}

/** Every client's sends capped (the cap is the innermost step, so a paced send checks it when it goes). */
function clientSetup(options: LoadOptions): ((client: autocannon.Client) => void) | undefined {
  const steps = [
    ...(options.maxRequests === undefined ? [] : [capped(options.maxRequests)]),
    ...(options.rate ? [evenlyPaced(options.rate, options.connections)] : []),
  ];
  if (steps.length === 0) return undefined;
  return (client) => {
    for (const step of steps) step(client);
  };
}

/** autocannon's own `amount` would replace the duration; this keeps both bounds, summed over all clients. */
function capped(maxRequests: number) {
  let sent = 0;
  return (client: autocannon.Client) => {
    const sending = client as unknown as SendingClient;
    const send = sending._doRequest.bind(sending);
    sending._doRequest = (...args) => {
      if (sent >= maxRequests) return;
      sent++;
      send(...args);
    };
  };
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

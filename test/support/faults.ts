import { randomUUID } from 'node:crypto';
import {
  type InfraComponentName,
  PROFILES,
  type ProcessName,
  processPid,
  restartProcess,
  startComponent,
  stopComponent,
  waitReplicaReady,
} from '@travel/local-deploy';
import { waitFor } from '@travel/testkit';
import { bearer } from './admin';
import { type Booking, contact, type FlightOffer } from './bookings';
import {
  ANSWER_BOUND_MS,
  type ApiResponse,
  call,
  expectAllServing,
  expectDocumented,
  platformHealth,
} from './gateway';

// Faults injected into the launched e2e stack (issue 16): kill a service, stop a piece of infrastructure, and wait
// for the platform to heal. The infrastructure is shared by every worktree: whoever stops it must start it again.

/** SIGKILL one process of the e2e stack: no shutdown hook runs, exactly an OOM kill. */
export function killProcess(name: ProcessName): void {
  const pid = processPid(process.env, PROFILES.e2e, name);
  if (pid === undefined) throw new Error(`${name} of the e2e stack is not running`);
  process.kill(pid, 'SIGKILL');
}

/** True while the process of the e2e stack is alive (it has not exited). */
export function isRunning(name: ProcessName): boolean {
  return processPid(process.env, PROFILES.e2e, name) !== undefined;
}

/** Starts the process again exactly as the launcher first did. */
export async function restartService(name: ProcessName): Promise<void> {
  await restartProcess(process.env, PROFILES.e2e, name);
}

export const stopInfra = (name: InfraComponentName) => stopComponent(name);
export const startInfra = async (name: InfraComponentName) => {
  await startComponent(name);
};

/** The infrastructure a fault test may stop; `afterAll` starts them all, whatever happened. */
export const STOPPABLE_INFRA: InfraComponentName[] = ['kafka', 'secantusd', 'redis'];

export async function startAllInfra(): Promise<void> {
  for (const name of STOPPABLE_INFRA) await startComponent(name);
}

/** Waits until `/api/health` reports every service SERVING and the platform `ok`. */
/**
 * Starts the process again (with `extraEnv`: a crash point) and waits until it serves: ready itself, then SERVING in
 * a report of the gateway taken after that. The report is a background snapshot (docs/decisions/health.md), so one
 * older than the restart still describes the process that was stopped; a fresh one also says the gateway reaches it.
 */
export async function restartUntilServing(
  name: ProcessName,
  extraEnv: Record<string, string> = {},
): Promise<void> {
  await restartProcess(process.env, PROFILES.e2e, name, extraEnv);
  await waitReplicaReady(PROFILES.e2e, name, { timeoutMs: 60_000 });
  const readyAt = Date.now();
  await waitFor(
    async () => {
      const report = await platformHealth();
      expect(Date.parse(report.data.checkedAt)).toBeGreaterThan(readyAt);
      expect(report.data.services[name]?.status).toBe('SERVING');
    },
    { timeoutMs: 60_000, intervalMs: 250 },
  );
}

export async function waitAllServing(timeoutMs: number): Promise<void> {
  await waitFor(async () => expectAllServing(await platformHealth()), { timeoutMs, intervalMs: 250 });
}

/** What one request of the steady load got. */
export interface Outcome {
  kind: 'book' | 'search' | 'me';
  /** Which fault was in force when the request was sent (`none` between faults). */
  phase: string;
  status: number;
  code?: string;
  /** A 503's `Retry-After` header, as sent. */
  retryAfter?: string;
  ms: number;
  /** Bookings only: the key sent, and the booking answered 201. */
  idempotencyKey?: string;
  /** Bookings only: the body sent, so a refused booking can be sent again unchanged with its key. */
  body?: unknown;
  bookingId?: string;
}

export interface SteadyLoad {
  /** Names the fault in force from now on; each outcome carries the phase it was sent in. */
  phase(name: string): void;
  /** Stops the load and waits for the requests in flight. */
  stop(): Promise<Outcome[]>;
}

const json = { 'content-type': 'application/json' };

/**
 * A steady light load through the gateway on 127.0.0.1: every `tickMs`, one booking (a fresh Idempotency-Key), one
 * flight search and one `GET /me`, at most `maxTicks` times. The first answer of each kind and status is checked
 * against the OpenAPI document, so the 503s of an outage are the documented envelope.
 */
export function startSteadyLoad(
  secret: string,
  offers: FlightOffer[],
  options: { tickMs?: number; maxTicks?: number; searchDate: string },
): SteadyLoad {
  const tickMs = options.tickMs ?? 400;
  const maxTicks = options.maxTicks ?? 2000;
  const outcomes: Outcome[] = [];
  const documented = new Set<string>();
  let phase = 'none';
  let stopped = false;
  const inFlight = new Set<Promise<void>>();

  const send = async (
    kind: Outcome['kind'],
    method: string,
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ) => {
    const sentIn = phase;
    const headers = {
      ...bearer(secret),
      ...(body === undefined ? {} : json),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    };
    const started = performance.now();
    let res: ApiResponse;
    try {
      res = await call(method, path, {
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        // Nothing may hang: an answer later than the bound is a finding (status 0), not a stuck test.
        timeoutMs: ANSWER_BOUND_MS + 2000,
      });
    } catch {
      // The gateway itself never goes down here: a refused connection is a finding, recorded as status 0.
      outcomes.push({
        kind,
        phase: sentIn,
        status: 0,
        ms: performance.now() - started,
        idempotencyKey,
        body,
      });
      return;
    }
    const ms = performance.now() - started;
    const error = (res.body as { error?: { code?: string } } | undefined)?.error;
    const bookingId =
      kind === 'book' && res.status === 201 ? (res.body as { data: Booking }).data.id : undefined;
    outcomes.push({
      kind,
      phase: sentIn,
      status: res.status,
      code: error?.code,
      retryAfter: res.headers.get('retry-after') ?? undefined,
      ms,
      idempotencyKey,
      body: idempotencyKey ? body : undefined,
      bookingId,
    });
    const documentedKey = `${kind} ${res.status}`;
    if (!documented.has(documentedKey)) {
      documented.add(documentedKey);
      await expectDocumented(method, path, res).catch((failure: unknown) => {
        outcomes.push({ kind, phase: `undocumented: ${String(failure)}`, status: res.status, ms });
      });
    }
  };

  const tick = (n: number) => {
    const offer = offers[n % offers.length];
    return Promise.all([
      send('book', 'POST', '/api/v1/bookings', { offerToken: offer?.offerToken, contact }, randomUUID()),
      send('search', 'POST', '/api/v1/search/flights', {
        from: 'DEL',
        to: 'BOM',
        departDate: options.searchDate,
      }),
      send('me', 'GET', '/api/v1/me'),
    ]).then(() => {});
  };

  const loop = (async () => {
    for (let n = 0; !stopped && n < maxTicks; n++) {
      const request = tick(n);
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
      await new Promise((resolve) => setTimeout(resolve, tickMs));
    }
  })();

  return {
    phase(name) {
      phase = name;
    },
    async stop() {
      stopped = true;
      await loop;
      await Promise.all(inFlight);
      return outcomes;
    },
  };
}

/**
 * An answer the fault suite accepts: a success, or the documented `503 service_unavailable` saying when to try
 * again (`Retry-After`), within the deadline.
 */
export function isAcceptable(outcome: Outcome): boolean {
  const success = outcome.kind === 'book' ? outcome.status === 201 : outcome.status === 200;
  const unavailable =
    outcome.status === 503 && outcome.code === 'service_unavailable' && outcome.retryAfter !== undefined;
  return (
    (success || unavailable) && outcome.ms <= ANSWER_BOUND_MS && !outcome.phase.startsWith('undocumented')
  );
}

/** Counts of `status` per phase, for the log line a run prints. */
export function summarise(outcomes: Outcome[]): Record<string, Record<string, number>> {
  const summary: Record<string, Record<string, number>> = {};
  for (const { phase, status } of outcomes) {
    const row = summary[phase] ?? {};
    row[status] = (row[status] ?? 0) + 1;
    summary[phase] = row;
  }
  return summary;
}

/** Every booking of this key, paging through `GET /bookings` to the end. */
export async function allBookings(secret: string): Promise<Booking[]> {
  const seen: Booking[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const query: string = cursor ? `?limit=100&cursor=${encodeURIComponent(cursor)}` : '?limit=100';
    const res = await call('GET', `/api/v1/bookings${query}`, { headers: bearer(secret) });
    if (res.status !== 200) throw new Error(`list answered ${res.status}: ${res.text}`);
    const page = res.body as { data: Booking[]; nextCursor: string | null };
    seen.push(...page.data);
    cursor = page.nextCursor;
    if (cursor === null) return seen;
  }
  throw new Error('more than 200 pages of bookings');
}

import { randomUUID } from 'node:crypto';
import type { ReadyGateways } from './ready-gateways';

// The steady mixed load of the rolling-restart test: every tick, through a gateway that is ready, a partner
// flight search, a partner booking then its cancellation, `GET /api/v1/me`, a storefront customer booking, and the
// customer's `GET /api/auth/me` (identity answers it every time; the partner key is cached in the gateway).
// Any answer but the expected success is a failure: a 503, a connection error, a timeout.

export interface LoadInputs {
  partnerKey: string;
  /** Offer tokens of a partner flight search: each booking takes the next. */
  partnerOffers: string[];
  searchDate: string;
  customerToken: string;
  storefrontOffer: string;
}

export interface Failure {
  request: string;
  gateway: string;
  /** 0: no HTTP answer (connection refused or reset, timeout). */
  status: number;
  detail: string;
  at: string;
}

export interface LoadReport {
  ticks: number;
  /** Ticks skipped because no gateway was ready: a roll that takes both down at once shows here, not as failures. */
  noGatewayTicks: number;
  /** Ticks skipped because too many were still in flight (the machine is slow): no request was sent. */
  behindTicks: number;
  requests: number;
  /** Requests per gateway URL. */
  byGateway: Record<string, number>;
  /** Requests per gateway URL answered with the expected status. */
  answeredByGateway: Record<string, number>;
  failures: Failure[];
  /** Ids of the partner bookings answered 201: each must reach the webhook receiver once. */
  partnerBookings: string[];
}

export interface MixedLoad {
  /** Whether the load still sends ticks (it does until `stop`). */
  running(): boolean;
  /** Requests the gateway at this URL has answered with the expected status so far. */
  answeredBy(gateway: string): number;
  stop(): Promise<LoadReport>;
}

const REQUEST_TIMEOUT_MS = 15_000;
const MAX_TICKS_IN_FLIGHT = 6;
const json = { 'content-type': 'application/json' };
const contact = { name: 'Asha Rao', email: 'asha.rao@example.com' };

export function startMixedLoad(
  gateways: ReadyGateways,
  inputs: LoadInputs,
  options: { tickMs: number },
): MixedLoad {
  const report: LoadReport = {
    ticks: 0,
    noGatewayTicks: 0,
    behindTicks: 0,
    requests: 0,
    byGateway: {},
    answeredByGateway: {},
    failures: [],
    partnerBookings: [],
  };
  const partner = { authorization: `Bearer ${inputs.partnerKey}` };
  const customer = { authorization: `Bearer ${inputs.customerToken}` };

  /** One request to a ready gateway; the parsed body when the status is the expected one, else a failure. */
  const send = async (
    request: string,
    method: string,
    path: string,
    headers: Record<string, string>,
    expected: number,
    body?: unknown,
  ): Promise<unknown> => {
    const gateway = gateways.pick();
    if (gateway === undefined) {
      report.failures.push({ request, gateway: '-', status: 0, detail: 'no gateway ready', at: now() });
      return undefined;
    }
    report.requests++;
    report.byGateway[gateway] = (report.byGateway[gateway] ?? 0) + 1;
    try {
      const res = await fetch(`${gateway}${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, ...json },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      if (res.status === expected) {
        report.answeredByGateway[gateway] = (report.answeredByGateway[gateway] ?? 0) + 1;
        return JSON.parse(text) as unknown;
      }
      report.failures.push({ request, gateway, status: res.status, detail: text.slice(0, 300), at: now() });
    } catch (error) {
      report.failures.push({ request, gateway, status: 0, detail: describe(error), at: now() });
    }
    return undefined;
  };

  const bookThenCancel = async (n: number) => {
    const offerToken = inputs.partnerOffers[n % inputs.partnerOffers.length];
    const made = (await send(
      'partner booking',
      'POST',
      '/api/v1/bookings',
      { ...partner, 'idempotency-key': randomUUID() },
      201,
      { offerToken, contact },
    )) as { data: { id: string } } | undefined;
    if (!made) return;
    report.partnerBookings.push(made.data.id);
    await send('partner cancel', 'POST', `/api/v1/bookings/${made.data.id}/cancel`, partner, 200);
  };

  const tick = (n: number) =>
    Promise.all([
      send('partner search', 'POST', '/api/v1/search/flights', partner, 200, {
        from: 'DEL',
        to: 'BOM',
        departDate: inputs.searchDate,
      }),
      bookThenCancel(n),
      send('GET /api/v1/me', 'GET', '/api/v1/me', partner, 200),
      send('GET /api/auth/me', 'GET', '/api/auth/me', customer, 200),
      send(
        'storefront booking',
        'POST',
        '/api/bookings',
        { ...customer, 'idempotency-key': randomUUID() },
        201,
        { offerToken: inputs.storefrontOffer, contact, useWallet: false },
      ),
    ]);

  // No cap on ticks: the load lasts until `stop`, however long the roll takes.
  let stopped = false;
  let ended = false;
  const inFlight = new Set<Promise<unknown>>();
  const loop = (async () => {
    for (let n = 0; !stopped; n++) {
      report.ticks++;
      // The Service has no endpoint, or the machine is behind: skip rather than pile up (the test bounds the first).
      if (gateways.pick() === undefined) report.noGatewayTicks++;
      else if (inFlight.size >= MAX_TICKS_IN_FLIGHT) report.behindTicks++;
      else {
        const running = tick(n);
        inFlight.add(running);
        void running.finally(() => inFlight.delete(running));
      }
      await new Promise((resolve) => setTimeout(resolve, options.tickMs));
    }
  })().finally(() => {
    ended = true;
  });

  return {
    running: () => !stopped && !ended,
    answeredBy: (gateway) => report.answeredByGateway[gateway] ?? 0,
    async stop() {
      stopped = true;
      await loop;
      await Promise.all(inFlight);
      return report;
    },
  };
}

const now = () => new Date().toISOString();

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause ? `${error.message}: ${cause.code ?? ''} ${cause.message ?? ''}`.trim() : error.message;
}

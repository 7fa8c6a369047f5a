import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bookingBody, firstOfferToken } from './booking-route';
import { percentile } from './load';
import { apiCall } from './platform';
import { count, print } from './report';
import { openStoreCounters, printStoreOperations } from './store-counters';

/**
 * `--route webhook`: ten receivers on 127.0.0.1, each registered as a webhook endpoint of the benchmark's
 * client (every event type), then bookings at a fixed rate through the gateway. Each `booking.created`
 * fans out to ten deliveries. Prints deliveries per second and the delay from a booking's 201 answer to
 * the arrival of each of its deliveries, and checks every signature as the partner API document describes it (`gateway/openapi/partner.yaml`, `POST /webhooks`).
 */

export interface WebhookBenchOptions {
  gateway: string;
  /** Bookings to make; each one is expected at every receiver. */
  bookings: number;
  /** Bookings started per second, evenly spaced, whether the previous ones have answered or not. */
  rate: number;
  /** How long to wait for the missing deliveries after the last booking answered. */
  waitSeconds: number;
  /** The store whose own counters give the operations per delivery. */
  storeUrl: string;
}

/** The most endpoints a client may have (`gateway/openapi/partner.yaml`, `POST /webhooks`). */
const RECEIVERS = 10;

/** The bookings of a run are spread over at most this long, well inside an offer token's 15 minutes. */
export const MAX_BOOKING_SECONDS = 600;

/** A booking that has not answered in this time counts as an error. */
const BOOKING_TIMEOUT_MS = 10_000;

/** How far a signature's `t` may be from now (docs/webhooks.md). */
const TOLERANCE_SECONDS = 300;

type SignatureCheck = 'valid' | 'invalid' | 'stale';

/** One POST a receiver got; `at` is `performance.now()` when its body had arrived. */
interface Arrival {
  at: number;
  receiver: number;
  deliveryId: string;
  type: string;
  bookingId: string | undefined;
  signature: SignatureCheck;
}

/** One booking request; `at` is when its answer had arrived. */
interface BookingAnswer {
  status: number | 'error';
  bookingId: string | undefined;
  sentAt: number;
  at: number;
}

export interface Receiver {
  url: string;
  server: Server;
  /** The endpoint's signing secret, known once it is registered. */
  secret?: string;
}

/** Verifies `X-Partner-Signature` from the partner API document alone (not with the service's signing code). */
export function checkSignature(header: string | undefined, body: Buffer, secret: string): SignatureCheck {
  const fields = new Map(
    (header ?? '').split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = fields.get('t') ?? '';
  const v1 = fields.get('v1') ?? '';
  if (!/^\d+$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) return 'invalid';
  const expected = createHmac('sha256', secret).update(`${t}.`).update(body).digest();
  if (!timingSafeEqual(Buffer.from(v1, 'hex'), expected)) return 'invalid';
  return Math.abs(Date.now() / 1000 - Number(t)) > TOLERANCE_SECONDS ? 'stale' : 'valid';
}

const headerOf = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** What a delivery's body says: its type and, for a booking event, the booking's id. */
function readEvent(body: Buffer): { type: string; bookingId: string | undefined } {
  try {
    const event = JSON.parse(body.toString('utf8')) as { type?: unknown; data?: { id?: unknown } };
    const bookingId = typeof event.data?.id === 'string' ? event.data.id : undefined;
    return { type: String(event.type), bookingId };
  } catch {
    return { type: 'unreadable body', bookingId: undefined };
  }
}

/** An HTTP server on 127.0.0.1 that reads each POST, answers 200 at once and reports it. */
export function startReceiver(index: number, onArrival: (arrival: Arrival) => void): Promise<Receiver> {
  const receiver: Partial<Receiver> = {};
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      const body = Buffer.concat(chunks);
      const signature = headerOf(req.headers, 'x-partner-signature');
      onArrival({
        at,
        receiver: index,
        deliveryId: headerOf(req.headers, 'x-partner-delivery') ?? '',
        ...readEvent(body),
        signature: receiver.secret ? checkSignature(signature, body, receiver.secret) : 'invalid',
      });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      Object.assign(receiver, { server, url: `http://127.0.0.1:${port}/webhooks/${index + 1}` });
      resolve(receiver as Receiver);
    });
  });
}

export function stopReceiver({ server }: Receiver): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Registers every receiver (all event types), keeps its secret and adds its endpoint's id to `ids`. */
export async function registerReceivers(
  gateway: string,
  secret: string,
  receivers: Receiver[],
  ids: string[],
): Promise<void> {
  for (const receiver of receivers) {
    const endpoint = await apiCall<{ id: string; secret: string }>(gateway, {
      method: 'POST',
      token: secret,
      path: '/api/v1/webhooks',
      body: { url: receiver.url, events: [] },
      expected: 201,
    });
    receiver.secret = endpoint.secret;
    ids.push(endpoint.id);
  }
}

export async function deleteEndpoints(gateway: string, secret: string, ids: string[]): Promise<void> {
  for (const id of ids) {
    await apiCall(gateway, {
      method: 'DELETE',
      path: `/api/v1/webhooks/${id}`,
      token: secret,
      expected: 200,
    });
  }
}

/** One `POST /api/v1/bookings` with a fresh `Idempotency-Key`; never throws. */
async function book(url: string, headers: Record<string, string>, body: string): Promise<BookingAnswer> {
  const sentAt = performance.now();
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body,
      signal: AbortSignal.timeout(BOOKING_TIMEOUT_MS),
    });
    const text = await res.text();
    const at = performance.now();
    const bookingId = res.status === 201 ? (JSON.parse(text) as { data: { id: string } }).data.id : undefined;
    return { status: res.status, bookingId, sentAt, at };
  } catch {
    return { status: 'error', bookingId: undefined, sentAt, at: performance.now() };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `options.bookings` bookings one every 1/rate s (open loop) and resolves all their answers. */
async function makeBookings(
  options: WebhookBenchOptions,
  headers: Record<string, string>,
  body: string,
  stopped: () => boolean,
): Promise<BookingAnswer[]> {
  const url = `${options.gateway}/api/v1/bookings`;
  const gapMs = 1000 / options.rate;
  const start = performance.now();
  const answers: Promise<BookingAnswer>[] = [];
  for (let i = 0; i < options.bookings && !stopped(); i++) {
    const wait = start + i * gapMs - performance.now();
    if (wait > 0) await sleep(wait);
    answers.push(book(url, headers, body));
  }
  return Promise.all(answers);
}

/** Waits until every expected delivery has arrived, `waitSeconds` have passed, or Ctrl-C. */
async function awaitDeliveries(
  expected: () => number,
  received: () => number,
  waitSeconds: number,
  stopped: () => boolean,
): Promise<void> {
  const until = performance.now() + waitSeconds * 1000;
  while (received() < expected() && performance.now() < until && !stopped()) await sleep(50);
}

interface Figures {
  answers: BookingAnswer[];
  arrivals: Arrival[];
  waitSeconds: number;
}

const ms = (sorted: Float64Array, fraction: number) => percentile(sorted, fraction).toFixed(1);

function tallyBy<T>(items: T[], key: (item: T) => string): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].map(([label, n]) => `${label}: ${count(n)}`).join(', ');
}

/** The first arrival of each delivery of a booking we made; repeats and strangers are counted apart. */
function matchArrivals(answers: BookingAnswer[], arrivals: Arrival[]) {
  const answeredAt = new Map(answers.flatMap((a) => (a.bookingId ? [[a.bookingId, a.at] as const] : [])));
  const seen = new Set<string>();
  const matched: (Arrival & { delay: number })[] = [];
  let duplicates = 0;
  let strangers = 0;
  for (const arrival of arrivals) {
    const at = arrival.bookingId === undefined ? undefined : answeredAt.get(arrival.bookingId);
    if (arrival.type !== 'booking.created' || at === undefined) strangers++;
    else if (seen.has(arrival.deliveryId)) duplicates++;
    else {
      seen.add(arrival.deliveryId);
      matched.push({ ...arrival, delay: arrival.at - at });
    }
  }
  return { matched, duplicates, strangers };
}

function printFigures(options: WebhookBenchOptions, { answers, arrivals, waitSeconds }: Figures): void {
  const made = answers.filter((a) => a.status === 201);
  const latencies = Float64Array.from(made, (a) => a.at - a.sentAt).sort();
  const others = answers.filter((a) => a.status !== 201);
  const { matched, duplicates, strangers } = matchArrivals(answers, arrivals);
  const expected = made.length * RECEIVERS;
  print();
  print(`bookings     ${count(answers.length)} sent, ${count(made.length)} made (201)`);
  if (others.length > 0) print(`             not made: ${tallyBy(others, (a) => String(a.status))}`);
  print(`             answer p50 ${ms(latencies, 0.5)} ms, p99 ${ms(latencies, 0.99)} ms`);
  print(
    `deliveries   ${count(matched.length)} of ${count(expected)} expected received` +
      ` (waited up to ${waitSeconds} s after the last answer); repeats ${duplicates}, others ${strangers}`,
  );
  if (arrivals.length > 0) print(`signatures   ${tallyBy(arrivals, (a) => a.signature)}`);
  const perReceiver = Array.from({ length: RECEIVERS }, (_, i) => matched.filter((a) => a.receiver === i));
  const sizes = perReceiver.map((list) => list.length);
  print(`per receiver ${Math.min(...sizes)} to ${Math.max(...sizes)} deliveries`);
  if (matched.length === 0) return;
  const first = Math.min(...answers.map((a) => a.sentAt));
  const last = Math.max(...matched.map((a) => a.at));
  const seconds = (last - first) / 1000;
  print(
    `throughput   ${(matched.length / seconds).toFixed(1)} deliveries/s (${count(matched.length)} in ${seconds.toFixed(1)} s from the first booking sent to the last delivery; offered ${count(options.rate * RECEIVERS)}/s)`,
  );
  const delays = Float64Array.from(matched, (a) => a.delay).sort();
  print();
  print('delay from the booking 201 answer to the delivery arriving, ms');
  print(
    `  p50 ${ms(delays, 0.5)}   p95 ${ms(delays, 0.95)}   p99 ${ms(delays, 0.99)}   max ${ms(delays, 1)}   min ${ms(delays, 0)}`,
  );
  const spreads = Float64Array.from(spreadsOf(matched)).sort();
  print(`spread from the first to the last of one booking's ${RECEIVERS} deliveries, ms`);
  print(`  p50 ${ms(spreads, 0.5)}   p99 ${ms(spreads, 0.99)}   max ${ms(spreads, 1)}`);
}

function spreadsOf(matched: Arrival[]): number[] {
  const span = new Map<string, { first: number; last: number }>();
  for (const { bookingId, at } of matched) {
    const key = bookingId ?? '';
    const seen = span.get(key);
    span.set(
      key,
      seen ? { first: Math.min(seen.first, at), last: Math.max(seen.last, at) } : { first: at, last: at },
    );
  }
  return [...span.values()].map((s) => s.last - s.first);
}

/**
 * Receivers up, endpoints registered, bookings at the rate, then the wait for their deliveries. The
 * endpoints are deleted and the receivers stopped whatever happens (Ctrl-C included).
 */
export async function benchWebhooks(options: WebhookBenchOptions, secret: string): Promise<void> {
  const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
  // Searched before anything is set up (a failed search ends the benchmark at once); the token lives 15
  // minutes, and a run's bookings take at most MAX_BOOKING_SECONDS.
  const body = bookingBody(await firstOfferToken(options.gateway, headers));
  let interrupted = false;
  const stopped = () => interrupted;
  const onSigint = () => {
    interrupted = true;
    print('\ninterrupted: stopping and cleaning up');
  };
  process.once('SIGINT', onSigint);
  const arrivals: Arrival[] = [];
  const receivers = await Promise.all(
    Array.from({ length: RECEIVERS }, (_, i) => startReceiver(i, (arrival) => arrivals.push(arrival))),
  );
  const endpointIds: string[] = [];
  const counters = await openStoreCounters(options.storeUrl);
  try {
    await registerReceivers(options.gateway, secret, receivers, endpointIds);
    print(
      `webhook fan-out: ${RECEIVERS} receivers on 127.0.0.1, ${count(options.bookings)} bookings at ${count(options.rate)}/s (a live key: booking.created to every receiver)`,
    );
    const before = await counters.read();
    const answers = await makeBookings(options, headers, body, stopped);
    const expected = answers.filter((a) => a.status === 201).length * RECEIVERS;
    const received = () =>
      new Set(arrivals.filter((a) => a.type === 'booking.created').map((a) => a.deliveryId)).size;
    await awaitDeliveries(() => expected, received, options.waitSeconds, stopped);
    // A second for the last outcomes to be written after their deliveries arrived.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = await counters.read();
    printFigures(options, { answers, arrivals: [...arrivals], waitSeconds: options.waitSeconds });
    if (received() > 0) printStoreOperations(before, after, received(), 'delivery (its booking included)');
  } finally {
    process.removeListener('SIGINT', onSigint);
    await deleteEndpoints(options.gateway, secret, endpointIds);
    await Promise.all(receivers.map(stopReceiver));
    await counters.close();
  }
}

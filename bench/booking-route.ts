import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Target } from './load';
import { roundTripSearch } from './platform';
import { connections, count, fail, print, printTable } from './report';
import type { Runner } from './runner';
import {
  openStoreCounters,
  printStoreOperations,
  type StoreCounters,
  type StoreCounts,
} from './store-counters';

/**
 * `--route booking`: search once, then `POST /api/v1/bookings` with the offer's token, a fresh
 * `Idempotency-Key` per request (a new booking each time) and, beside it, one key and body sent again
 * and again (the replay path), and a storefront customer's `POST /api/bookings` (new key each time, paid
 * through billing). A good answer is a 201, replayed or not as the path expects.
 */

export interface BookingBenchOptions {
  gateway: string;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  rate: number;
  /** The platform's store, whose own counters give the store operations of a new booking. */
  storeUrl: string;
}

/** A bound on the bookings of one run besides its duration. */
const MAX_PER_RUN = 20_000;

const LABELS = { good: '201', other: 'other' };

const replayedOf = (headers: IncomingHttpHeaders) =>
  Object.entries(headers).some(
    ([name, value]) => name.toLowerCase() === 'idempotent-replayed' && value === 'true',
  );

const newBooking = (status: number, headers: IncomingHttpHeaders) =>
  status !== 201 ? String(status) : replayedOf(headers) ? '201 replayed' : undefined;

const replay = (status: number, headers: IncomingHttpHeaders) =>
  status !== 201 ? String(status) : replayedOf(headers) ? undefined : '201 not replayed';

export async function firstOfferToken(gateway: string, headers: Record<string, string>): Promise<string> {
  const res = await fetch(`${gateway}/api/v1/search/flights`, {
    method: 'POST',
    headers,
    body: roundTripSearch(),
  });
  const text = await res.text();
  if (res.status !== 200) fail(`the search answered ${res.status}: ${text}`);
  const offers = (JSON.parse(text) as { data: { onward: { offerToken: string }[] } }).data.onward;
  return offers[0]?.offerToken ?? fail('the search found no offer to book');
}

/** The benchmark's booking of an offer: one contact, `reference: "benchmark"`. */
export const bookingBody = (offerToken: string) =>
  JSON.stringify({
    offerToken,
    contact: { name: 'Bench Agent', email: 'bench@example.com' },
    reference: 'benchmark',
  });

/** One key sent twice with one body: a 201, then the same 201 replayed; else the benchmark stops. */
async function replayKey(url: string, headers: Record<string, string>, body: string): Promise<string> {
  const key = randomUUID();
  for (const expectReplay of [false, true]) {
    const res = await fetch(url, { method: 'POST', headers: { ...headers, 'idempotency-key': key }, body });
    const replayed = res.headers.get('idempotent-replayed') === 'true';
    if (res.status !== 201 || replayed !== expectReplay) {
      fail(`a booking answered ${res.status} (replayed: ${replayed}): ${await res.text()}`);
    }
  }
  return key;
}

async function bookingTargets(options: BookingBenchOptions, secret: string): Promise<Target[]> {
  const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
  const offerToken = await firstOfferToken(options.gateway, headers);
  const url = `${options.gateway}/api/v1/bookings`;
  const body = bookingBody(offerToken);
  const key = await replayKey(url, headers, body);
  const post = { url, method: 'POST' as const, body };
  const storefront = await storefrontTarget(options.gateway);
  return [
    {
      ...post,
      name: 'new key  POST /bookings',
      headers,
      freshHeaders: () => ({ 'idempotency-key': randomUUID() }),
      judge: newBooking,
    },
    {
      ...post,
      name: 'same key POST /bookings',
      headers: { ...headers, 'idempotency-key': key },
      judge: replay,
    },
    storefront,
  ];
}

/**
 * The storefront booking beside the partner's: a customer registered for the run, one storefront search,
 * then `POST /api/bookings` with a new key per request (a booking paid through billing each time: the
 * payment call and the confirming update come on top of the partner path).
 */
async function storefrontTarget(gateway: string): Promise<Target> {
  const json = { 'content-type': 'application/json' };
  const email = `bench-${Date.now()}@shopper.example`;
  const registered = await fetch(`${gateway}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: 'bench-pass-2026', fullName: 'Bench Shopper' }),
  });
  const text = await registered.text();
  if (registered.status !== 201) fail(`customer registration answered ${registered.status}: ${text}`);
  const token = (JSON.parse(text) as { data: { token: string } }).data.token;
  const searched = await fetch(`${gateway}/api/search/flights`, {
    method: 'POST',
    headers: json,
    body: roundTripSearch(),
  });
  const found = await searched.text();
  if (searched.status !== 200) fail(`the storefront search answered ${searched.status}: ${found}`);
  const offerToken =
    (JSON.parse(found) as { data: { onward: { offerToken: string }[] } }).data.onward[0]?.offerToken ??
    fail('the storefront search found no offer to book');
  return {
    name: 'storefront POST /api/bookings',
    url: `${gateway}/api/bookings`,
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify({ offerToken, contact: { name: 'Bench Shopper', email } }),
    freshHeaders: () => ({ 'idempotency-key': randomUUID() }),
    judge: newBooking,
  };
}

/**
 * Warm-up, then the fixed rate, then full speed, each phase for the two paths back to back. The offer
 * token lives 15 minutes; the longest allowed run (2 × 60 s of warm-up, 4 × 120 s) takes 10.
 */
export async function benchBookings(
  run: Runner,
  options: BookingBenchOptions,
  secret: string,
): Promise<void> {
  const targets = await bookingTargets(options, secret);
  const limits = { maxRequests: MAX_PER_RUN };
  for (const target of targets) await run(target, options.warmupSeconds, limits);
  const paced = [];
  for (const target of targets)
    paced.push(await run(target, options.seconds, { ...limits, rate: options.rate }));
  const max = [];
  const counters = await openStoreCounters(options.storeUrl);
  let store: { before: StoreCounts; after: StoreCounts } | undefined;
  try {
    for (const target of targets) {
      const before = target === targets[0] ? await counters.read() : undefined;
      max.push(await run(target, options.seconds, limits));
      // Two seconds for the consumers to write what the last bookings' events ask of them.
      if (before) store = { before, after: await settledCounts(counters) };
    }
  } finally {
    await counters.close();
  }
  printTable(`fixed rate ${count(options.rate)} req/s`, paced, LABELS);
  printTable(`full speed (${connections(options.connections)}, no rate set)`, max, LABELS);
  const booked = max[0]?.ok ?? 0;
  if (store && booked > 0) printStoreOperations(store.before, store.after, booked, 'new partner booking');
  const [fresh, replayed] = max;
  if (fresh && replayed) {
    print();
    print(`replay/new-key throughput at full speed: ${(replayed.rps / fresh.rps).toFixed(2)}`);
  }
}

async function settledCounts(counters: StoreCounters): Promise<StoreCounts> {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return counters.read();
}

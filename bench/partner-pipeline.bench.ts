import { parseArgs } from 'node:util';
import { AdminApiError, DEMO_ADMIN } from '@travel/local-deploy';
import { benchBookings } from './booking-route';
import type { Measurement, Target } from './load';
import { assertPlatformRunning, roundTripSearch, withBenchKey } from './platform';
import { count, fail, print, printLoad, printMachine, printTable } from './report';
import { createRunner, type Runner } from './runner';
import { type InProcessSearch, printSplitCost, startInProcessSearch } from './search-route';
import { benchSweep } from './sweep-route';
import { benchVoucherPreview } from './voucher-route';
import { benchWebhooks, MAX_BOOKING_SECONDS } from './webhook-route';
import { startWorkerRoute } from './worker-route';

/**
 * Benchmark, not a test: `GET /api/v1/me` through the gateway's whole partner pipeline (key from cache →
 * IP allow-list → switches → scope → Redis rate limit → usage recording) against a bare Express JSON
 * route, in one run on this machine. See bench/README.md.
 */

const USAGE = `usage: pnpm bench [-- options]   (or node bench/dist/partner-pipeline.bench.js [options])
  --gateway URL      a running platform on this machine (default http://127.0.0.1:8080)
  --duration S       seconds per measured run (default 15, for sweep and --all 3; 1-120)
  --warmup S         seconds of warm-up per target, not measured (default 3, for sweep and --all 1; 0-60)
  --connections N    keep-alive connections (default 10; 1-1000)
  --rate N           the fixed rate in requests/s (default: half the bare route's maximum;
                     half the platform's for search; 50 for booking, 10 bookings/s for webhook, 100 for voucher)
  --route NAME       the partner call to drive: me (GET /api/v1/me, default), search
                     (POST /api/v1/search/flights, a round trip for 2 adults, and the same
                     search in one process without the service split), booking
                     (POST /api/v1/bookings: a new key per request, and one key replayed),
                     webhook (bookings fanned out to 10 webhook receivers on 127.0.0.1),
                     voucher (POST /api/admin/vouchers/apply, a voucher preview) or
                     sweep (every route of both OpenAPI documents the demo data can serve, one
                     run each; the others listed with the reason)
  --all              every route above in turn (me, search, booking, webhook, voucher, sweep):
                     a few minutes at the shorter defaults; --rate, if given, applies to each
  --bookings N       webhook: bookings to make (default 100; 1-5000, at most ${MAX_BOOKING_SECONDS} s of them)
  --wait S           webhook: seconds to wait for missing deliveries (default 60; 1-600)
  --bare-only        measure the bare route only; no platform needed
env: ADMIN_EMAIL, ADMIN_PASSWORD (default: the demo platform administrator),
     CUSTOMER_EMAIL, CUSTOMER_PASSWORD (sweep; default: the demo storefront customer)`;

const ROUTES = ['me', 'search', 'booking', 'webhook', 'voucher', 'sweep'] as const;
type Route = (typeof ROUTES)[number];

/** The storefront's demo customer, seeded by the launcher (deploy/local, `demo-seed.ts`). */
const DEMO_CUSTOMER = { email: 'customer@partner-travel.local', password: 'customer-demo-2026' };

interface Options {
  gateway: string;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  rate: number | undefined;
  bareOnly: boolean;
  route: Route;
  /** `--all`: every route in turn. */
  all: boolean;
  bookings: number;
  waitSeconds: number;
  admin: { email: string; password: string };
  customer: { email: string; password: string };
  /** What the launcher read too: where the infrastructure is, and this checkout's state directory. */
  env: NodeJS.ProcessEnv;
}

/** The only place that reads flags and the environment. */
function readOptions(): Options {
  const { values } = parseArgs({
    // `pnpm bench -- --flag` hands the `--` through; it is not the end of the options here.
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: {
      gateway: { type: 'string', default: 'http://127.0.0.1:8080' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string', default: '10' },
      rate: { type: 'string' },
      'bare-only': { type: 'boolean', default: false },
      route: { type: 'string' },
      all: { type: 'boolean', default: false },
      bookings: { type: 'string', default: '100' },
      wait: { type: 'string', default: '60' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const gateway = values.gateway.replace(/\/+$/, '');
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(gateway).hostname)) {
    fail(`--gateway must be on this machine (127.0.0.1), got ${gateway}`);
  }
  if (values.all && (values.route !== undefined || values['bare-only'])) {
    fail(`--all runs every route: leave out --route and --bare-only\n${USAGE}`);
  }
  // The sweep runs once per route and --all runs every route: both default to short runs.
  const short = values.all || values.route === 'sweep';
  return {
    gateway,
    seconds: integer('--duration', values.duration ?? (short ? '3' : '15'), 1, 120),
    warmupSeconds: integer('--warmup', values.warmup ?? (short ? '1' : '3'), 0, 60),
    connections: integer('--connections', values.connections, 1, 1000),
    rate: values.rate === undefined ? undefined : integer('--rate', values.rate, 1, 1_000_000),
    bareOnly: values['bare-only'],
    route:
      ROUTES.find((route) => route === (values.route ?? 'me')) ??
      fail(`--route must be me, search, booking, webhook, voucher or sweep\n${USAGE}`),
    all: values.all,
    bookings: integer('--bookings', values.bookings, 1, 5000),
    waitSeconds: integer('--wait', values.wait, 1, 600),
    admin: {
      email: process.env.ADMIN_EMAIL || DEMO_ADMIN.email,
      password: process.env.ADMIN_PASSWORD || DEMO_ADMIN.password,
    },
    customer: {
      email: process.env.CUSTOMER_EMAIL || DEMO_CUSTOMER.email,
      password: process.env.CUSTOMER_PASSWORD || DEMO_CUSTOMER.password,
    },
    env: process.env,
  };
}

function integer(flag: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    fail(`${flag} must be a whole number from ${min} to ${max}, got "${text}"\n${USAGE}`);
  }
  return value;
}

/** Starts the bare route in a worker thread (its own event loop) and resolves its URL and a stop. */
async function startBareRoute(): Promise<{ target: Target; stop: () => Promise<number> }> {
  const route = await startWorkerRoute('bare-route.js');
  return {
    target: { name: 'bare     GET /bare', url: `http://127.0.0.1:${route.port}/bare` },
    stop: route.stop,
  };
}

/** The partner call under load, through the whole gateway pipeline. */
function partnerTarget(options: Options, secret: string): Target {
  const headers = { authorization: `Bearer ${secret}` };
  if (options.route === 'me')
    return { name: 'pipeline GET /api/v1/me', url: `${options.gateway}/api/v1/me`, headers };
  return {
    name: 'pipeline POST /search/flights',
    url: `${options.gateway}/api/v1/search/flights`,
    headers: { ...headers, 'content-type': 'application/json' },
    method: 'POST',
    body: roundTripSearch(),
  };
}

function printVerdict({ max, paced, rate }: Results): void {
  const [bareMax, pipelineMax] = max;
  const [barePaced, pipelinePaced] = paced;
  print();
  if (bareMax && pipelineMax) {
    const ratio = pipelineMax.rps / bareMax.rps;
    const verdict = ratio >= 0.5 ? 'met' : 'missed';
    print(`pipeline/bare throughput at full speed: ${ratio.toFixed(2)} (aim: at least 0.50, ${verdict})`);
  }
  if (barePaced && pipelinePaced) {
    const share = (m: Measurement) => `${((100 * m.rps) / rate).toFixed(1)} %`;
    print(
      `pipeline/bare throughput at ${count(rate)} req/s: ${(pipelinePaced.rps / barePaced.rps).toFixed(2)} (bare served ${share(barePaced)} of the rate, the pipeline ${share(pipelinePaced)})`,
    );
  }
}

interface Results {
  max: (Measurement | undefined)[];
  paced: (Measurement | undefined)[];
  rate: number;
}

/**
 * Same phase for every target back to back: warm-up, full speed, then the fixed rate. Without `--rate`, half the
 * bare maximum (the pipeline's aim); for search, half the slowest target's, a rate each of them serves, so the
 * latencies compare work rather than queues.
 */
async function measureAll(run: Runner, options: Options, targets: Target[]): Promise<Results> {
  for (const target of targets) await run(target, options.warmupSeconds);
  const max: (Measurement | undefined)[] = [];
  for (const target of targets) max.push(await run(target, options.seconds));
  const paceBy = options.route === 'search' ? Math.min(...max.map((m) => m?.rps ?? 2)) : (max[0]?.rps ?? 2);
  const rate = options.rate ?? Math.max(1, Math.round(paceBy / 2));
  const paced: (Measurement | undefined)[] = [];
  for (const target of targets) paced.push(await run(target, options.seconds, { rate }));
  return { max, paced, rate };
}

function printResults(options: Options, results: Results): void {
  printTable('full speed (no rate set)', results.max);
  const half = options.route === 'search' ? 'half the slowest maximum' : 'half the bare maximum';
  const why = options.rate ? '' : ` (${half})`;
  printTable(`fixed rate ${count(results.rate)} req/s${why}`, results.paced);
  printVerdict(results);
}

/** Search: the bare route, the platform and (when it could start) the same search in one process. */
async function measureSearch(
  run: Runner,
  options: Options,
  targets: Target[],
  single: InProcessSearch | undefined,
): Promise<void> {
  const results = await measureAll(run, options, single ? [...targets, single.target] : targets);
  printResults(options, results);
  if (single) {
    const [, platformMax, singleMax] = results.max;
    const [, platformPaced, singlePaced] = results.paced;
    printSplitCost([platformMax, singleMax], [platformPaced, singlePaced], results.rate);
  }
}

/** The booking route needs no bare route: it compares a new booking with a replayed one. */
async function mainBookings(options: Options, run: Runner): Promise<void> {
  await withBenchKey({ ...options, tenantLinked: true }, (secret) =>
    benchBookings(run, { ...options, rate: options.rate ?? 50, storeUrl: storeUrlOf(options.env) }, secret),
  );
}

/** Bookings at a fixed rate, each fanned out to 10 receivers of this process; no autocannon. */
async function mainWebhooks(options: Options): Promise<void> {
  const rate = options.rate ?? 10;
  if (options.bookings / rate > MAX_BOOKING_SECONDS) {
    fail(
      `--bookings at --rate must take at most ${MAX_BOOKING_SECONDS} s (the offer token lives 15 minutes)`,
    );
  }
  await withBenchKey({ ...options, tenantLinked: true }, (secret) =>
    benchWebhooks({ ...options, rate, storeUrl: storeUrlOf(options.env) }, secret),
  );
}

/** `me` and `search` (and `--bare-only`): the partner call beside the bare route. */
async function mainAgainstBare(options: Options, run: Runner): Promise<void> {
  const bare = await startBareRoute();
  try {
    if (options.bareOnly) {
      printResults(options, await measureAll(run, options, [bare.target]));
      return;
    }
    await withBenchKey({ ...options, tenantLinked: false }, async (secret) => {
      const pipeline = partnerTarget(options, secret);
      if (options.route !== 'search') {
        printResults(options, await measureAll(run, options, [bare.target, pipeline]));
        return;
      }
      const single = await startInProcessSearch(options, pipeline, secret);
      try {
        await measureSearch(run, options, [bare.target, pipeline], single);
      } finally {
        await single?.stop();
      }
    });
  } finally {
    await bare.stop();
  }
}

/** One route, as `--route` names it. */
async function runRoute(options: Options, run: Runner): Promise<void> {
  if (options.route === 'webhook' && !options.bareOnly) return mainWebhooks(options);
  printLoad(options);
  if (options.bareOnly) return mainAgainstBare(options, run);
  if (options.route === 'booking') return mainBookings(options, run);
  if (options.route === 'voucher') return benchVoucherPreview(run, { ...options, rate: options.rate ?? 100 });
  if (options.route === 'sweep') {
    return withBenchKey({ ...options, tenantLinked: true }, (secret) => benchSweep(run, options, secret));
  }
  return mainAgainstBare(options, run);
}

/** `--all`: every route in turn, each under its heading; Ctrl-C ends the current one (cleaned up) and the rest. */
async function runAll(options: Options, run: Runner): Promise<void> {
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
  });
  const start = performance.now();
  for (const route of ROUTES) {
    if (interrupted) return;
    print();
    print(`=== --route ${route} (at ${Math.round((performance.now() - start) / 1000)} s)`);
    await runRoute({ ...options, route }, run);
  }
  print();
  print(`=== every route in ${Math.round((performance.now() - start) / 1000)} s`);
}

async function main(): Promise<void> {
  const options = readOptions();
  if (!options.bareOnly) await assertPlatformRunning(options.gateway);
  printMachine();
  // The webhook route has no load runs; its own Ctrl-C handler stops the bookings.
  if (options.route === 'webhook' && !options.all && !options.bareOnly) return mainWebhooks(options);
  const run = createRunner(options.connections);
  return options.all ? runAll(options, run) : runRoute(options, run);
}

main().catch((error: unknown) => {
  if (error instanceof AdminApiError) fail(`setting up through the admin API failed: ${error.message}`);
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
});

/** The store the platform uses, as the launcher reads it (the local one unless MONGO_URL names another). */
function storeUrlOf(env: NodeJS.ProcessEnv): string {
  return env.MONGO_URL || 'mongodb://127.0.0.1:27017';
}

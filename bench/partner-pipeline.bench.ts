import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { AdminApiError, DEMO_ADMIN, signInAdmin } from '@travel/local-deploy';
import { type LoadOptions, type LoadRun, type Measurement, runLoad, type Target } from './load';

/**
 * Benchmark, not a test: `GET /api/v1/me` through the gateway's whole partner pipeline (key from cache →
 * IP allow-list → switches → scope → Redis rate limit → usage recording) against a bare Express JSON
 * route, in one run on this machine. See bench/README.md.
 */

const USAGE = `usage: pnpm bench [-- options]   (or node bench/dist/partner-pipeline.bench.js [options])
  --gateway URL      a running platform on this machine (default http://127.0.0.1:8080)
  --duration S       seconds per measured run (default 15; 1-120)
  --warmup S         seconds of warm-up per target, not measured (default 3; 0-60)
  --connections N    keep-alive connections (default 10; 1-1000)
  --rate N           the fixed rate in requests/s (default: half the bare route's maximum)
  --route NAME       the partner call to drive: me (GET /api/v1/me, default) or search
                     (POST /api/v1/search/flights, a round trip for 2 adults)
  --bare-only        measure the bare route only; no platform needed
env: ADMIN_EMAIL, ADMIN_PASSWORD (default: the demo platform administrator)`;

interface Options {
  gateway: string;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  rate: number | undefined;
  bareOnly: boolean;
  route: 'me' | 'search';
  admin: { email: string; password: string };
}

/** The only place that reads flags and the environment. */
function readOptions(): Options {
  const { values } = parseArgs({
    // `pnpm bench -- --flag` hands the `--` through; it is not the end of the options here.
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: {
      gateway: { type: 'string', default: 'http://127.0.0.1:8080' },
      duration: { type: 'string', default: '15' },
      warmup: { type: 'string', default: '3' },
      connections: { type: 'string', default: '10' },
      rate: { type: 'string' },
      'bare-only': { type: 'boolean', default: false },
      route: { type: 'string', default: 'me' },
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
  return {
    gateway,
    seconds: integer('--duration', values.duration, 1, 120),
    warmupSeconds: integer('--warmup', values.warmup, 0, 60),
    connections: integer('--connections', values.connections, 1, 1000),
    rate: values.rate === undefined ? undefined : integer('--rate', values.rate, 1, 1_000_000),
    bareOnly: values['bare-only'],
    route:
      values.route === 'search'
        ? 'search'
        : values.route === 'me'
          ? 'me'
          : fail(`--route must be me or search\n${USAGE}`),
    admin: {
      email: process.env.ADMIN_EMAIL || DEMO_ADMIN.email,
      password: process.env.ADMIN_PASSWORD || DEMO_ADMIN.password,
    },
  };
}

function integer(flag: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    fail(`${flag} must be a whole number from ${min} to ${max}, got "${text}"\n${USAGE}`);
  }
  return value;
}

function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(1);
}

const print = (line = '') => process.stdout.write(`${line}\n`);

/** Starts the bare route in a worker thread (its own event loop) and resolves its URL and a stop. */
async function startBareRoute(): Promise<{ target: Target; stop: () => Promise<number> }> {
  const worker = new Worker(join(__dirname, 'bare-route.js'));
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', (message: { port: number }) => resolve(message.port));
    worker.once('error', reject);
  });
  return {
    target: { name: 'bare     GET /bare', url: `http://127.0.0.1:${port}/bare` },
    stop: () => worker.terminate(),
  };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The partner call under load, through the whole gateway pipeline. */
function partnerTarget(options: Options, secret: string): Target {
  const headers = { authorization: `Bearer ${secret}` };
  if (options.route === 'me')
    return { name: 'pipeline GET /api/v1/me', url: `${options.gateway}/api/v1/me`, headers };
  const query = { from: 'DEL', to: 'BOM', departDate: inDays(30), returnDate: inDays(37), adults: 2 };
  return {
    name: 'pipeline POST /search/flights',
    url: `${options.gateway}/api/v1/search/flights`,
    headers: { ...headers, 'content-type': 'application/json' },
    method: 'POST',
    body: JSON.stringify(query),
  };
}

async function assertPlatformRunning(gateway: string): Promise<void> {
  const up = await fetch(`${gateway}/api/v1/health`, { signal: AbortSignal.timeout(3000) }).then(
    (res) => res.ok,
    () => false,
  );
  if (!up) fail(`no platform answers at ${gateway}: run \`npm start\` first (or pass --gateway URL)`);
}

/**
 * A client and a key with every scope made through the real admin API, a limit high enough never to
 * throttle the benchmark; the key is revoked and the client deleted afterwards, whatever happens.
 */
async function withBenchKey<T>(options: Options, run: (secret: string) => Promise<T>): Promise<T> {
  const admin = await signInAdmin(options.gateway, options.admin);
  const client = await admin.createClient(`bench ${new Date().toISOString()}`, null);
  try {
    const key = await admin.createKey(client.id, {
      name: 'partner-pipeline benchmark',
      rateLimit: { limit: 100_000, windowSeconds: 1 },
    });
    try {
      return await run(key.secret);
    } finally {
      await admin.request('POST', `/api/admin/api-access/keys/${key.id}/revoke`);
    }
  } finally {
    await admin.request('DELETE', `/api/admin/api-access/clients/${client.id}`);
  }
}

/** Runs one load at a time; Ctrl-C stops the current run and skips the rest, so the cleanup still runs. */
function createRunner(connections: number) {
  let current: LoadRun | undefined;
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
    current?.stop();
    print('\ninterrupted: stopping the current run and cleaning up');
  });
  return async (target: Target, seconds: number, rate?: number): Promise<Measurement | undefined> => {
    if (interrupted || seconds === 0) return undefined;
    const options: LoadOptions = { connections, seconds, rate };
    current = runLoad(target, options);
    const measured = await current.result;
    current = undefined;
    return interrupted ? undefined : measured;
  };
}

const fixed = (value: number, digits = 2) => (Number.isNaN(value) ? '-' : value.toFixed(digits));
const count = (value: number) => Math.round(value).toLocaleString('en-US');

/** Table columns: heading and width; the first is left-aligned. */
const COLUMNS = [
  ['target', 28],
  ['req/s', 9],
  ['p50 ms', 9],
  ['p99 ms', 9],
  ['2xx', 10],
  ['non-2xx', 8],
  ['errors', 7],
] as const;

function line(cells: string[]): string {
  const padded = cells.map((cell, i) => {
    const width = COLUMNS[i]?.[1] ?? 0;
    return i === 0 ? cell.padEnd(width) : cell.padStart(width);
  });
  return `  ${padded.join('')}`;
}

function row(m: Measurement): string {
  const cells = [m.target, count(m.rps), fixed(m.p50), fixed(m.p99), count(m.ok), count(m.non2xx)];
  const odd = Object.entries(m.statusCounts).filter(([status]) => !status.startsWith('2'));
  const detail = odd.length > 0 ? `   (${odd.map(([status, n]) => `${status}: ${n}`).join(', ')})` : '';
  return line([...cells, count(m.errors)]) + detail;
}

function printMachine(options: Options): void {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  print(
    `machine: ${availableParallelism()} cores (${model}), Node ${process.version}, ${process.platform} ${process.arch}, load average ${load}`,
  );
  print(
    `load: autocannon, ${options.connections} keep-alive connections, ${options.seconds} s per run after ${options.warmupSeconds} s of warm-up per target`,
  );
}

function printTable(title: string, rows: (Measurement | undefined)[]): void {
  print();
  print(title);
  print(line(COLUMNS.map(([heading]) => heading)));
  for (const m of rows) if (m) print(row(m));
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

type Runner = ReturnType<typeof createRunner>;

/** Same phase for every target back to back: warm-up, full speed, then the fixed rate. */
async function measureAll(run: Runner, options: Options, targets: Target[]): Promise<Results> {
  for (const target of targets) await run(target, options.warmupSeconds);
  const max: (Measurement | undefined)[] = [];
  for (const target of targets) max.push(await run(target, options.seconds));
  const rate = options.rate ?? Math.max(1, Math.round((max[0]?.rps ?? 2) / 2));
  const paced: (Measurement | undefined)[] = [];
  for (const target of targets) paced.push(await run(target, options.seconds, rate));
  return { max, paced, rate };
}

function printResults(options: Options, results: Results): void {
  printTable('full speed (no rate set)', results.max);
  const why = options.rate ? '' : ' (half the bare maximum)';
  printTable(`fixed rate ${count(results.rate)} req/s${why}`, results.paced);
  printVerdict(results);
}

async function main(): Promise<void> {
  const options = readOptions();
  const run = createRunner(options.connections);
  if (!options.bareOnly) await assertPlatformRunning(options.gateway);
  printMachine(options);
  const bare = await startBareRoute();
  try {
    if (options.bareOnly) {
      printResults(options, await measureAll(run, options, [bare.target]));
      return;
    }
    await withBenchKey(options, async (secret) => {
      const pipeline = partnerTarget(options, secret);
      printResults(options, await measureAll(run, options, [bare.target, pipeline]));
    });
  } finally {
    await bare.stop();
  }
}

main().catch((error: unknown) => {
  if (error instanceof AdminApiError) fail(`setting up through the admin API failed: ${error.message}`);
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
});

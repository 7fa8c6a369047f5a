import type { Measurement, Target } from './load';
import { readOperations } from './openapi-operations';
import { connections, count, fail, print, printTable } from './report';
import type { Runner } from './runner';
import { type SweepSetupOptions, withSweepFixtures } from './sweep-fixtures';
import { type Plan, planRequest } from './sweep-requests';

/**
 * `--route sweep`: every operation of the partner and the internal documents, each driven at full speed for a
 * short run after its warm-up, or named with the reason it is not (a write, a route limited per address by
 * design, a path parameter the demo data cannot fill). A good answer is one of the route's documented 2xx.
 */

export interface SweepOptions extends SweepSetupOptions {
  seconds: number;
  warmupSeconds: number;
  connections: number;
}

/** Each route's aim at 10 connections on the demo data. */
const TARGET_RPS = 300;

/** The staff and customer tokens live 15 minutes: the measured runs must end well before. */
const MAX_SWEEP_SECONDS = 12 * 60;

export async function benchSweep(run: Runner, options: SweepOptions, secret: string): Promise<void> {
  const operations = await readOperations(options.gateway);
  await withSweepFixtures(options, secret, async (fixtures) => {
    const plans: Plan[] = [];
    for (const operation of operations) plans.push(await planRequest(operation, fixtures));
    const targets = plans.flatMap((plan) => ('target' in plan ? [plan.target] : []));
    const seconds = targets.length * (options.seconds + options.warmupSeconds);
    if (seconds > MAX_SWEEP_SECONDS) {
      fail(`${targets.length} routes × (--duration + --warmup) must take at most ${MAX_SWEEP_SECONDS} s`);
    }
    print(
      `route sweep: ${operations.length} operations, ${targets.length} driven, ${plans.length - targets.length} not; about ${Math.ceil(seconds / 60)} min`,
    );
    printSweep(await measureEach(run, options, targets), plans, options.connections);
  });
}

async function measureEach(run: Runner, options: SweepOptions, targets: Target[]): Promise<Measurement[]> {
  const measured: Measurement[] = [];
  for (const [i, target] of targets.entries()) {
    process.stderr.write(`  [${i + 1}/${targets.length}] ${target.name}\n`);
    await run(target, options.warmupSeconds);
    const m = await run(target, options.seconds);
    if (m) measured.push(m);
  }
  return measured;
}

function printSweep(measured: Measurement[], plans: Plan[], connectionCount: number): void {
  const slowestFirst = [...measured].sort((a, b) => a.rps - b.rps);
  const below = slowestFirst.filter((m) => m.rps < TARGET_RPS);
  printTable(
    `every driven route at full speed (${connections(connectionCount)}), slowest first; good: its documented 2xx`,
    slowestFirst,
    { good: 'good', other: 'other' },
    (m) => (m.rps < TARGET_RPS ? `below ${TARGET_RPS}` : ''),
  );
  const slowest = slowestFirst[0];
  print();
  if (slowest) {
    print(
      `slowest: ${slowest.target}, ${count(slowest.rps)} req/s (p50 ${slowest.p50.toFixed(2)} ms, p99 ${slowest.p99.toFixed(2)} ms)`,
    );
  }
  print(`below ${TARGET_RPS} req/s: ${below.length} of ${measured.length} routes`);
  const skipped = plans.flatMap((plan) => ('skip' in plan ? [plan] : []));
  print();
  print(`not driven (${skipped.length})`);
  const width = Math.max(...skipped.map((plan) => plan.operation.name.length)) + 2;
  for (const { operation, skip } of skipped) print(`  ${operation.name.padEnd(width)}${skip}`);
}

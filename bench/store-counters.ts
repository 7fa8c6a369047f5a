import { createLogger } from '@travel/logger';
import { createMongo } from '@travel/mongo';
import { print } from './report';

/**
 * The store's own operation counters per collection (the `top` command: reads, inserts, updates, removes and
 * other commands of each namespace), read before and after a load, so a route's cost in store operations is
 * counted by the store itself, every service's share included (the consumers' writes of a booking's event).
 */

/** The dev stack's databases (`npm start`'s profile, deploy/local). */
const PLATFORM_DATABASES = 'travel_';

export type StoreCounts = Map<string, Record<Kind, number>>;
const KINDS = ['queries', 'insert', 'update', 'remove', 'commands'] as const;
type Kind = (typeof KINDS)[number];

interface TopTotals {
  totals: Record<string, Record<string, { count: number }> | string>;
}

export interface StoreCounters {
  read(): Promise<StoreCounts>;
  close(): Promise<void>;
}

export async function openStoreCounters(url: string): Promise<StoreCounters> {
  const logger = createLogger({ name: 'bench', level: 'warn' });
  const store = createMongo({ url, database: 'admin', logger, timeoutMs: 10_000 });
  await store.start();
  return {
    async read() {
      const reply = await store.connection.getClient().db('admin').command({ top: 1 });
      const { totals } = reply as unknown as TopTotals;
      const counts: StoreCounts = new Map();
      for (const [namespace, row] of Object.entries(totals)) {
        if (typeof row === 'string') continue; // the `note`
        counts.set(
          namespace,
          Object.fromEntries(KINDS.map((kind) => [kind, row[kind]?.count ?? 0])) as Record<Kind, number>,
        );
      }
      return counts;
    },
    close: () => store.stop(),
  };
}

/** The operations per unit (a booking) between two readings, by collection, largest first, and their total. */
export function printStoreOperations(
  before: StoreCounts,
  after: StoreCounts,
  units: number,
  unit: string,
): void {
  const rows: { namespace: string; perUnit: Record<Kind, number>; total: number }[] = [];
  for (const [namespace, counts] of after) {
    // Only the dev stack's databases: a test suite running beside the bench writes to its own.
    if (!namespace.startsWith(PLATFORM_DATABASES)) continue;
    const earlier = before.get(namespace);
    const perUnit = Object.fromEntries(
      KINDS.map((kind) => [kind, (counts[kind] - (earlier?.[kind] ?? 0)) / units]),
    ) as Record<Kind, number>;
    const total = KINDS.reduce((sum, kind) => sum + perUnit[kind], 0);
    if (total >= 0.005) rows.push({ namespace, perUnit, total });
  }
  rows.sort((a, b) => b.total - a.total);
  print();
  print(`store operations per ${unit} (the store's own counters over ${units.toLocaleString('en')} of them)`);
  print(`  ${'collection'.padEnd(46)} ${'total'.padStart(6)}  ${KINDS.map((k) => k.padStart(8)).join(' ')}`);
  for (const { namespace, perUnit, total } of rows) {
    const cells = KINDS.map((kind) => perUnit[kind].toFixed(2).padStart(8)).join(' ');
    print(`  ${namespace.padEnd(46)} ${total.toFixed(2).padStart(6)}  ${cells}`);
  }
  const sum = rows.reduce((all, row) => all + row.total, 0);
  print(`  ${'every collection'.padEnd(46)} ${sum.toFixed(2).padStart(6)}`);
}

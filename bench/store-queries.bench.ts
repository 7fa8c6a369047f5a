import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { collections as bookingCollections } from '@travel/booking/dist/db/collections';
import { createLogger } from '@travel/logger';
import { createMongo } from '@travel/mongo';
import { collections as reportsCollections } from '@travel/reports/dist/db/collections';
import { createSaleFactRepository } from '@travel/reports/dist/db/sale-fact.repository';
import { createSearchFactRepository } from '@travel/reports/dist/db/search-fact.repository';

// How long the store's longest real operations take as the data grows (docs/decisions/data.md, "Store timeouts
// sized for real queries"): the reports' aggregations over a year, a list page, and the index migration's builds,
// on a scratch database of the store at MONGO_URL (default: the local one), dropped at the end. Not a test.

const { values } = parseArgs({
  options: {
    facts: { type: 'string', default: '100000' },
    tenants: { type: 'string', default: '50' },
    url: { type: 'string', default: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017' },
  },
});
const FACTS = Number(values.facts);
const TENANTS = Number(values.tenants);
const DAYS = 366;
const logger = createLogger({ name: 'bench-store', level: 'warn' });
const database = `bench_store_${Date.now().toString(36)}`;

const dayOf = (i: number) =>
  new Date(Date.UTC(2026, 0, 1) + (i % DAYS) * 86_400_000).toISOString().slice(0, 10);
const places = ['DEL', 'BOM', 'BLR', 'GOI', 'MAA', 'CCU', 'HYD', 'PNQ', 'JAI', 'COK'];

/** Median and worst of `runs` timed calls, in ms. */
async function timed(runs: number, call: () => Promise<unknown>): Promise<{ p50: number; max: number }> {
  const took: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await call();
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  return { p50: took[Math.floor(runs / 2)] ?? 0, max: took.at(-1) ?? 0 };
}

const print = (line: string) => process.stdout.write(`${line}\n`);
const fmt = ({ p50, max }: { p50: number; max: number }) =>
  `p50 ${p50.toFixed(0)} ms, max ${max.toFixed(0)} ms`;

/** Past this on the embedded store an index build over one collection stalls for many minutes (docs/store-contract.md). */
const EMBEDDED_STORE_LIMIT = 150_000;

async function main(): Promise<void> {
  if (FACTS > EMBEDDED_STORE_LIMIT && !process.env.MONGO_URL && values.url === 'mongodb://127.0.0.1:27017')
    throw new Error(
      `more than ${EMBEDDED_STORE_LIMIT} facts stall the embedded store's index builds (and every dropDatabase meanwhile): pass --url of a MongoDB`,
    );
  const [one, five, fifteen] = loadavg().map((n) => n.toFixed(1));
  print(
    `store ${values.url}, database ${database}; ${FACTS} facts of each kind over ${DAYS} days, ${TENANTS} tenants; load average ${one} / ${five} / ${fifteen}`,
  );
  const store = createMongo({ url: values.url, database, logger, timeoutMs: 60_000 });
  await store.start();
  try {
    const db = store.connection.db;
    if (!db) throw new Error('no database');
    const filling = performance.now();
    for (let start = 0; start < FACTS; start += 5000) {
      const batch = Array.from({ length: Math.min(5000, FACTS - start) }, (_, k) => start + k);
      await db.collection('sale_facts').insertMany(
        batch.map((i) => ({
          _id: `bkg_${i}:booking`,
          eventId: `evt_${i}`,
          kind: i % 10 === 0 ? 'cancellation' : 'booking',
          day: dayOf(i),
          service: ['flight', 'hotel', 'car'][i % 3],
          tenantId: `ten_${i % TENANTS}`,
          amount: 1000 + (i % 997),
          destination: places[i % places.length],
          destinationKey: places[i % places.length],
          occurredAt: new Date(),
        })) as never[],
      );
      await db.collection('search_facts').insertMany(
        batch.map((i) => ({
          _id: `srch_${i}`,
          day: dayOf(i),
          service: ['flight', 'hotel', 'car'][i % 3],
          destination: places[i % places.length],
          destinationKey: places[i % places.length],
          occurredAt: new Date(),
          expiresAt: new Date(Date.now() + 400 * 86_400_000),
        })) as never[],
      );
      await db.collection('bookings').insertMany(
        batch.map((i) => ({
          _id: `bkg_${i}`,
          clientId: `cli_${i % TENANTS}`,
          livemode: true,
          tenantId: `ten_${i % TENANTS}`,
          number: i,
          pnr: `P${i}`,
          attempt: `a_${i}`,
        })) as never[],
      );
    }
    print(`filled in ${((performance.now() - filling) / 1000).toFixed(1)} s`);

    // The migration on collections that already hold the data: its index builds are its longest operations.
    const migrating = performance.now();
    const report = await createMongo({
      url: values.url,
      database,
      logger,
      collections: [...reportsCollections, ...bookingCollections],
    }).migrate();
    print(
      `migration: ${report.created.length} indexes built over ${3 * FACTS} documents in ${((performance.now() - migrating) / 1000).toFixed(1)} s`,
    );

    const sales = createSaleFactRepository(store.connection);
    const searches = createSearchFactRepository(store.connection, { keepMs: 400 * 86_400_000 });
    const year = { from: dayOf(0), to: dayOf(DAYS - 1), service: undefined };
    const quarter = { from: dayOf(0), to: dayOf(91), service: undefined };
    const rows: [string, () => Promise<unknown>][] = [
      ['sales tally, platform, 366 days', () => sales.tally({ ...year, tenantId: undefined })],
      ['sales tally, platform, 92 days', () => sales.tally({ ...quarter, tenantId: undefined })],
      ['sales tally, one tenant, 366 days', () => sales.tally({ ...year, tenantId: 'ten_7' })],
      ['booked places, platform, 366 days', () => sales.bookedPlaces({ ...year, tenantId: undefined })],
      ['searched places, 366 days', () => searches.searchedPlaces(year)],
      [
        'bookings page (owner, newest first, 51)',
        () =>
          db
            .collection('bookings')
            .find({ clientId: 'cli_7', livemode: true, tenantId: 'ten_7' })
            .sort({ number: -1 })
            .limit(51)
            .toArray(),
      ],
    ];
    for (const [label, call] of rows) print(`${label.padEnd(42)} ${fmt(await timed(5, call))}`);
  } finally {
    await store.connection.dropDatabase();
    await store.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

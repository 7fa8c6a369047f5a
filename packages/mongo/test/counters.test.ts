import { testInfra, testLogger, uniqueName } from '@travel/testkit';
import { createCounters, createMongo, createProcessedEvents } from '../src';

const mongo = createMongo({
  url: testInfra().mongoUrl,
  database: uniqueName('ct_mongo'),
  logger: testLogger(),
});

beforeAll(async () => {
  await mongo.start();
  await mongo.migrate();
});
afterAll(async () => {
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

describe('counters', () => {
  it('when 50 callers ask at once, then each gets a distinct value and together they are exactly 1..50', async () => {
    const counters = createCounters(mongo.connection);
    const values = await Promise.all(Array.from({ length: 50 }, () => counters.next('booking')));
    expect(sorted(values)).toEqual(oneTo(50));
  });

  it('when three replicas (each its own counters) ask at once, then no value is handed out twice', async () => {
    const replicas = [1, 2, 3].map(() => createCounters(mongo.connection));
    const values = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (replicas[i % 3] as (typeof replicas)[number]).next('replicas')),
    );
    expect(new Set(values).size).toBe(60);
    expect(sorted(values)).toEqual(oneTo(60));
    // A replica that was outpaced by the others continues after their values instead of reusing them.
    expect(await (replicas[0] as (typeof replicas)[number]).next('replicas')).toBe(61);
  });

  it('when many callers create the same new sequences at once, then the racing first upserts still hand out 1..n', async () => {
    const counters = createCounters(mongo.connection);
    const sequences = Array.from({ length: 10 }, (_, i) => `fresh_${i}`);
    const values = await Promise.all(
      sequences.map((sequence) => Promise.all(Array.from({ length: 20 }, () => counters.next(sequence)))),
    );
    for (const perSequence of values) expect(sorted(perSequence)).toEqual(oneTo(20));
  });

  it('when two sequences are used, then they count independently', async () => {
    const counters = createCounters(mongo.connection);
    expect(await counters.next('invoice')).toBe(1);
    expect(await counters.next('invoice')).toBe(2);
    expect(await counters.next('webhook')).toBe(1);
  });
});

describe('processed events', () => {
  it('when an id is recorded (twice), then it is known for that consumer only', async () => {
    const processed = createProcessedEvents(mongo.connection);
    expect(await processed.has('billing', 'evt_1')).toBe(false);
    await processed.add('billing', 'evt_1');
    await processed.add('billing', 'evt_1');
    expect(await processed.has('billing', 'evt_1')).toBe(true);
    expect(await processed.has('webhook', 'evt_1')).toBe(false);
  });
});

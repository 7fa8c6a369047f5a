import { testLogger } from '@travel/testkit';
import { type Counters, createCounters, createMongo, type MongoHandle } from '../../src';
import { storeUrl, useFreshDatabase } from './fresh-database';

// Ids like `bkg_<n>` come from createCounters: every value once, across replicas, without gaps.
const store = useFreshDatabase('sc_counters');
let replicas: MongoHandle[] = [];
let counters: Counters[] = [];

beforeAll(async () => {
  replicas = [1, 2].map(() =>
    createMongo({ url: storeUrl, database: store.db.databaseName, logger: testLogger() }),
  );
  await Promise.all(replicas.map((replica) => replica.start()));
  await replicas[0]?.migrate();
  counters = replicas.map((replica) => createCounters(replica.connection));
});
afterAll(() => Promise.all(replicas.map((replica) => replica.stop())));

const of = (replica: number) => counters[replica % 2] as Counters;

describe('store contract: counters', () => {
  it('when two connections ask for 200 values of a new sequence at once, then they get 1..200, each once', async () => {
    const values = await Promise.all(Array.from({ length: 200 }, (_, i) => of(i).next('booking')));
    expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });

  it('when each connection asks again, then it continues after every value handed out by the other', async () => {
    expect(await of(0).next('booking')).toBe(201);
    expect(await of(1).next('booking')).toBe(202);
  });
});

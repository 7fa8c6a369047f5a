import { createMongo } from '@travel/mongo';
import { awaitTtlPass, testInfra, testLogger, uniqueName } from '@travel/testkit';
import { collections } from '../src/db/collections';
import { createSearchFactRepository } from '../src/db/search-fact.repository';

// Storefront search facts' retention against the real store (docs/retention.md): a search made longer ago than
// the retention is deleted by the store's TTL monitor and no longer counts; a recent one does.
const mongo = createMongo({
  url: testInfra().mongoUrl,
  database: uniqueName('ct_rp_retention'),
  logger: testLogger(),
  collections,
});
const DAY_MS = 86_400_000;
const searches = createSearchFactRepository(mongo.connection, { keepMs: 400 * DAY_MS });

// The index migration first, as every process's database gets it before the process starts.
beforeAll(async () => {
  await mongo.migrate();
  await mongo.start();
});
afterAll(async () => {
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

it('when a search is older than the retention, then after the TTL pass only the recent search counts', async () => {
  const destination = { label: 'Goa', key: 'goa' };
  const old = new Date(Date.now() - 401 * DAY_MS);
  const recent = new Date(Date.now() - 399 * DAY_MS);
  const dayOf = (at: Date) => at.toISOString().slice(0, 10);
  await searches.insert({ id: 'evt_old', day: dayOf(old), service: 'hotel', destination, occurredAt: old });
  await searches.insert({
    id: 'evt_recent',
    day: dayOf(recent),
    service: 'hotel',
    destination,
    occurredAt: recent,
  });
  const period = { from: dayOf(old), to: dayOf(recent), service: undefined };
  expect(await searches.searchedPlaces(period)).toEqual([
    { service: 'hotel', key: 'goa', label: 'Goa', count: 2 },
  ]);
  await awaitTtlPass(mongo.connection.db);
  expect(await searches.searchedPlaces(period)).toEqual([
    { service: 'hotel', key: 'goa', label: 'Goa', count: 1 },
  ]);
}, 120_000);

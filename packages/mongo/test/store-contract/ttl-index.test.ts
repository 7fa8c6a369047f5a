import { awaitTtlPass } from '@travel/testkit';
import { useFreshDatabase } from './fresh-database';
import { planOf } from './query-plan';

// Every TTL retention (docs/retention.md) relies on the store deleting what is past its `expiresAt`: the index is
// accepted, kept and serves queries, and the store's TTL monitor (run every second while the test waits) deletes.
const store = useFreshDatabase('sc_ttl');

interface Expiring {
  _id: string;
  expiresAt: Date;
}

const keys = () => store.db.collection<Expiring>('keys');

describe('store contract: TTL indexes', () => {
  it('when a TTL index on expiresAt is declared, then the store keeps it with its expiry and it serves a range query', async () => {
    // Serves the store's expiry sweep (and "keys past their time").
    await keys().createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    expect(await keys().listIndexes().toArray()).toContainEqual(
      expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 }),
    );
    const now = Date.now();
    await keys().insertMany([
      { _id: 'live', expiresAt: new Date(now + 3_600_000) },
      { _id: 'later', expiresAt: new Date(now + 7_200_000) },
    ]);
    const query = keys().find({ expiresAt: { $lt: new Date(now + 5_000_000) } });
    expect(planOf(await query.explain())).toMatchObject({ scansIndex: true, indexes: ['expiresAt_1'] });
    expect((await query.toArray()).map((doc) => doc._id)).toEqual(['live']);
  });

  it('when a TTL index counts from a creation time, then the store keeps its expireAfterSeconds', async () => {
    const events = store.db.collection<{ createdAt: Date }>('events');
    await events.createIndex({ createdAt: 1 }, { expireAfterSeconds: 172_800 });
    expect(await events.listIndexes().toArray()).toContainEqual(
      expect.objectContaining({ key: { createdAt: 1 }, expireAfterSeconds: 172_800 }),
    );
  });

  it('when a document is past its expiresAt, then the TTL monitor deletes it and keeps one still live', async () => {
    const expiring = store.db.collection<Expiring>('expiring');
    await expiring.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    const now = Date.now();
    await expiring.insertMany([
      { _id: 'past', expiresAt: new Date(now - 86_400_000) },
      { _id: 'live', expiresAt: new Date(now + 3_600_000) },
    ]);
    await awaitTtlPass(store.db);
    expect((await expiring.find().toArray()).map((doc) => doc._id)).toEqual(['live']);
  }, 120_000);
});

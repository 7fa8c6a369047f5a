import { metricValue } from '@travel/metrics';
import { captureLogs, testInfra, testLogger, uniqueName } from '@travel/testkit';
import { mongo as driver, Schema } from 'mongoose';
import { createMongo, INDEX_RECORD_COLLECTION, IndexConflictError, type IndexSpec, modelOn } from '../src';

// The index migration against the real store: each test has a database of its own, migrated as a service's
// `commands/migrate.ts` does (createMongo's `migrate()`), and read back with the driver as an operator would.

const url = testInfra().mongoUrl;
let client: driver.MongoClient;
const databases: string[] = [];

beforeAll(async () => {
  client = await new driver.MongoClient(url, { serverSelectionTimeoutMS: 10_000 }).connect();
});
afterAll(async () => {
  for (const name of databases) await client.db(name).dropDatabase();
  await client.close();
});

function freshDatabase(): string {
  const name = uniqueName('ct_migrate');
  databases.push(name);
  return name;
}

/** A service's `orders` collection as one version of its code declares it. */
function ordersSchema(version: { ttlSeconds: number; uniqueRef: boolean; withNote: boolean }): Schema {
  const schema = new Schema(
    {
      _id: String,
      ref: String,
      tenantId: String,
      n: Number,
      pending: Boolean,
      createdAt: Date,
      note: String,
    },
    { collection: 'orders', versionKey: false },
  );
  schema.index({ ref: 1 }, { unique: version.uniqueRef });
  schema.index({ tenantId: 1, n: -1 });
  schema.index({ n: 1 }, { name: 'pending_by_n', partialFilterExpression: { pending: true } });
  schema.index({ createdAt: 1 }, { expireAfterSeconds: version.ttlSeconds });
  if (version.withNote) schema.index({ note: 1 });
  return schema;
}

const V1 = { ttlSeconds: 3600, uniqueRef: false, withNote: true };
const eventsSchema = new Schema({ _id: String, at: Date }, { collection: 'events', versionKey: false });

const migrate = (database: string, collections: Schema[]) =>
  createMongo({ url, database, logger: testLogger(), collections }).migrate();

async function indexesOf(database: string, collection: string): Promise<IndexSpec[]> {
  return (await client.db(database).collection(collection).listIndexes().toArray()) as unknown as IndexSpec[];
}

const named = (indexes: IndexSpec[], name: string) => indexes.find((index) => index.name === name);

describe('the index migration', () => {
  it('when a database is new, then it creates the collections and every declared index with its options', async () => {
    const database = freshDatabase();
    const report = await migrate(database, [ordersSchema(V1), eventsSchema]);

    const collections = await client.db(database).listCollections({}, { nameOnly: true }).toArray();
    expect(collections.map((c) => c.name)).toEqual(expect.arrayContaining(['orders', 'events']));
    const indexes = await indexesOf(database, 'orders');
    expect(indexes.map((index) => index.name).sort()).toEqual(
      ['_id_', 'createdAt_1', 'note_1', 'pending_by_n', 'ref_1', 'tenantId_1_n_-1'].sort(),
    );
    expect(named(indexes, 'pending_by_n')).toMatchObject({
      key: { n: 1 },
      partialFilterExpression: { pending: true },
    });
    expect(named(indexes, 'createdAt_1')).toMatchObject({ expireAfterSeconds: 3600 });
    expect(named(indexes, 'tenantId_1_n_-1')).toMatchObject({ key: { tenantId: 1, n: -1 } });
    expect(report).toMatchObject({
      collectionsCreated: ['orders', 'events'],
      changed: [],
      dropped: [],
      leftAlone: [],
    });
    expect(report.created).toHaveLength(5);
  });

  it('when it runs again on its own work, then it changes nothing', async () => {
    const database = freshDatabase();
    await migrate(database, [ordersSchema(V1)]);
    const before = await indexesOf(database, 'orders');

    const again = await migrate(database, [ordersSchema(V1)]);

    expect(again).toMatchObject({
      collectionsCreated: [],
      created: [],
      changed: [],
      dropped: [],
      unchanged: 5,
    });
    expect(await indexesOf(database, 'orders')).toEqual(before);
  });

  it("when an operator added an index of their own, then no run drops it, even one that drops the migration's own", async () => {
    const database = freshDatabase();
    await migrate(database, [ordersSchema(V1)]);
    await client
      .db(database)
      .collection('orders')
      .createIndex({ tenantId: 1, createdAt: -1 }, { name: 'ops_report' });
    // The next version no longer declares `note_1`: its own index goes, the operator's stays.
    const report = await migrate(database, [ordersSchema({ ...V1, withNote: false })]);

    const names = (await indexesOf(database, 'orders')).map((index) => index.name);
    expect(names).toContain('ops_report');
    expect(names).not.toContain('note_1');
    expect(report).toMatchObject({ dropped: ['orders.note_1'], leftAlone: ['orders.ops_report'] });
  });

  it('when a declared index changes its options, then the migration changes it: a TTL in place, a unique key rebuilt', async () => {
    const database = freshDatabase();
    await migrate(database, [ordersSchema(V1)]);

    const report = await migrate(database, [ordersSchema({ ...V1, ttlSeconds: 600, uniqueRef: true })]);

    const indexes = await indexesOf(database, 'orders');
    expect(named(indexes, 'createdAt_1')).toMatchObject({ expireAfterSeconds: 600 });
    expect(named(indexes, 'ref_1')).toMatchObject({ unique: true });
    expect(report.changed.sort()).toEqual(['orders.createdAt_1', 'orders.ref_1']);
    // The rebuilt unique index holds: a second document with the same ref is refused.
    const orders = client.db(database).collection<{ _id: string; ref: string }>('orders');
    await orders.insertOne({ _id: 'a', ref: 'R1' });
    await expect(orders.insertOne({ _id: 'b', ref: 'R1' })).rejects.toMatchObject({ code: 11000 });
  });

  it('when an index it did not make has a declared name but other options, then it refuses and leaves that index alone', async () => {
    const database = freshDatabase();
    await migrate(database, [eventsSchema]);
    // After the first run, an operator builds `ref_1` (non-unique) by hand before the service declares it unique.
    await client.db(database).collection('orders').createIndex({ ref: 1 });

    const run = migrate(database, [eventsSchema, ordersSchema({ ...V1, uniqueRef: true })]);

    await expect(run).rejects.toBeInstanceOf(IndexConflictError);
    await expect(run).rejects.toThrow(/orders\.ref_1/);
    expect(named(await indexesOf(database, 'orders'), 'ref_1')).not.toHaveProperty('unique');
  });

  it('when a database was kept by the start-up sync of an older version, then its declared indexes become the migration’s and change', async () => {
    const database = freshDatabase();
    // What `syncIndexes()` at start left: the older version's `createdAt_1` with a TTL of a day, no record.
    await client
      .db(database)
      .collection('orders')
      .createIndex({ createdAt: 1 }, { expireAfterSeconds: 86_400 });

    const report = await migrate(database, [ordersSchema(V1)]);

    expect(named(await indexesOf(database, 'orders'), 'createdAt_1')).toMatchObject({
      expireAfterSeconds: 3600,
    });
    expect(report.changed).toEqual(['orders.createdAt_1']);
    const record = await client.db(database).collection(INDEX_RECORD_COLLECTION).find().toArray();
    expect(record.map((doc) => doc._id)).toEqual(
      expect.arrayContaining(['run', 'orders/createdAt_1', 'orders/ref_1']),
    );
  });

  it('when an index of the same shape exists under another name, then it serves and none is added', async () => {
    const database = freshDatabase();
    await client.db(database).collection('orders').createIndex({ tenantId: 1, n: -1 }, { name: 'by_tenant' });

    const report = await migrate(database, [ordersSchema(V1)]);

    const names = (await indexesOf(database, 'orders')).map((index) => index.name);
    expect(names).toContain('by_tenant');
    expect(names).not.toContain('tenantId_1_n_-1');
    expect(report.servedByOthers).toEqual(['orders.tenantId_1_n_-1 (as by_tenant)']);
  });
});

describe('a process that starts without its indexes', () => {
  it('when its database lacks declared indexes, then it starts, logs each one and counts them in mongo_indexes_missing', async () => {
    const database = freshDatabase();
    const logs = captureLogs();
    const store = createMongo({ url, database, logger: logs.logger });
    // The wiring registers its models; nobody ran the migration.
    modelOn(store.connection, 'Order', ordersSchema(V1));
    await store.start();
    try {
      expect(store.missingIndexes()).toHaveLength(5);
      const warning = logs
        .lines()
        .find((line) => line.msg?.toString().startsWith('declared indexes are missing'));
      expect(warning).toMatchObject({ level: 'warn', database });
      expect(warning?.missing).toEqual(expect.arrayContaining(['orders.ref_1', 'orders.pending_by_n']));
      expect(await metricValue('mongo_indexes_missing', { database, collection: 'orders' })).toBe(5);
      expect(await store.ping()).toBe(true);
      // Nor does anything build them behind the check (mongoose's own index build and collection creation at model
      // set-up are off: they once ran on every start, a moment after it).
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await client.db(database).listCollections({ name: 'orders' }).toArray()).toEqual([]);
    } finally {
      await store.stop();
    }

    // Migrated, the next start finds everything.
    await migrate(database, [ordersSchema(V1)]);
    const restarted = createMongo({ url, database, logger: testLogger() });
    modelOn(restarted.connection, 'Order', ordersSchema(V1));
    await restarted.start();
    try {
      expect(restarted.missingIndexes()).toEqual([]);
      expect(await metricValue('mongo_indexes_missing', { database, collection: 'orders' })).toBe(0);
    } finally {
      await restarted.stop();
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mongo } from 'mongoose';
import { storeIsExternal } from './fresh-database';
import { type PrivateStore, startPrivateStore } from './private-store';

// An acknowledged write is a promise to the partner (a booking answered 201 exists): it must survive the
// store's process dying at any moment. This needs a store we own and may kill.
const TOTAL = 2000;
const KILL_AFTER = 1000;
const WRITERS = 16;

interface Written {
  _id: string;
  i: number;
  confirmed?: boolean;
}

const stores: PrivateStore[] = [];
let dataDir = '';

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'store-contract-'));
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.stop()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function withClient<T>(
  store: PrivateStore,
  use: (docs: mongo.Collection<Written>) => Promise<T>,
): Promise<T> {
  // Not retried, and failing within 1 s once the store is gone: "acknowledged" then means the store said so.
  const client = new mongo.MongoClient(store.url, {
    retryWrites: false,
    serverSelectionTimeoutMS: 1000,
    maxPoolSize: WRITERS,
  });
  try {
    return await use(client.db('durability').collection<Written>('docs'));
  } finally {
    await client.close(true);
  }
}

/**
 * Writes `TOTAL` documents from `WRITERS` writers, a quarter with `{ w: 1, j: true }` and some followed by an
 * update; kills the store with SIGKILL once `KILL_AFTER` are acknowledged, while the writers are mid-stream.
 */
async function writeUntilKilled(store: PrivateStore) {
  const acknowledged = { inserts: [] as string[], updates: [] as string[] };
  let next = 0;
  let refused = 0;
  let killed: Promise<NodeJS.Signals | null> | undefined;
  await withClient(store, async (docs) => {
    const writer = async () => {
      while (next < TOTAL) {
        const i = next++;
        const _id = `doc_${i}`;
        try {
          await docs.insertOne({ _id, i }, i % 4 === 0 ? { writeConcern: { w: 1, j: true } } : {});
          acknowledged.inserts.push(_id);
          if (!killed && acknowledged.inserts.length >= KILL_AFTER) killed = store.kill9();
          if (i % 5 === 1) {
            await docs.updateOne({ _id }, { $set: { confirmed: true } });
            acknowledged.updates.push(_id);
          }
        } catch {
          refused++; // the store is gone: this writer stops
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
  });
  return { acknowledged, refused, signal: await killed };
}

const title = 'store contract: durability across kill -9';
const contract = storeIsExternal ? describe.skip : describe;
if (storeIsExternal)
  process.stderr.write(
    `${title}: SKIPPED, the store under test (MONGO_URL or TEST_STORE_IMAGE) is not the embedded one this suite can kill; ` +
      'drill crash recovery on your own deployment (docs/store-contract.md)\n',
  );

contract(title, () => {
  it('when the store is killed with SIGKILL while 16 writers are mid-stream, then every acknowledged write is there after a restart', async () => {
    const first = await startPrivateStore(dataDir);
    stores.push(first);
    const { acknowledged, refused, signal } = await writeUntilKilled(first);
    expect(signal).toBe('SIGKILL');
    // Mid-stream: writes were acknowledged after the kill was decided, and writers were cut off.
    expect(acknowledged.inserts.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acknowledged.inserts.length).toBeLessThan(TOTAL);
    expect(refused).toBeGreaterThan(0);

    const restarted = await startPrivateStore(dataDir);
    stores.push(restarted);
    await withClient(restarted, async (docs) => {
      const found = await docs
        .find({ _id: { $in: acknowledged.inserts } }, { projection: { _id: 1 } })
        .toArray();
      const present = new Set(found.map((doc) => doc._id));
      expect(acknowledged.inserts.filter((id) => !present.has(id))).toEqual([]);
      const confirmed = await docs.countDocuments({ _id: { $in: acknowledged.updates }, confirmed: true });
      expect(confirmed).toBe(acknowledged.updates.length);
    });
  });
});

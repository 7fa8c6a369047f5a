import type { mongo } from 'mongoose';
import { landed, race, useFreshDatabase } from './fresh-database';

// Lists and sweeps read in batches; a cursor must cost the store nothing once closed, and open ones must not
// starve other callers (FerretDB 1.24 wedged with 100 open cursors holding its connection pool).
const POOL = 5;
const store = useFreshDatabase('sc_cursors', {
  maxPoolSize: POOL,
  waitQueueTimeoutMS: 5_000,
  socketTimeoutMS: 10_000,
});
const CURSORS = 200;
let checkedOut = 0;

const docs = () => store.db.collection<{ _id: number; pad: string }>('docs');

/** Opens a cursor that stays open on the server: the first batch of 10 of 1,000 documents is read. */
async function openCursor(): Promise<mongo.FindCursor> {
  const cursor = docs().find({}, { batchSize: 10 });
  await cursor.next();
  return cursor;
}

function serverIdOf(cursor: mongo.FindCursor): mongo.Long {
  const id = cursor.id;
  if (!id || id.isZero()) throw new Error('the cursor is not open on the server');
  return id;
}

const killCursors = (ids: mongo.Long[]) => store.db.command({ killCursors: 'docs', cursors: ids });

beforeAll(async () => {
  await docs().insertMany(Array.from({ length: 1000 }, (_, i) => ({ _id: i, pad: 'x'.repeat(100) })));
  store.client.on('connectionCheckedOut', () => checkedOut++);
  store.client.on('connectionCheckedIn', () => checkedOut--);
});

describe('store contract: cursors that are closed', () => {
  it('when 200 cursors are closed after their first batch, then the store has dropped each, and no connection stays checked out', async () => {
    const ids: mongo.Long[] = [];
    for (let group = 0; group < CURSORS / 20; group++) {
      const cursors = await Promise.all(Array.from({ length: 20 }, openCursor));
      ids.push(...cursors.map(serverIdOf));
      await Promise.all(cursors.map((cursor) => cursor.close()));
    }
    const reply = await killCursors(ids);
    expect(reply.cursorsKilled).toEqual([]);
    expect(reply.cursorsNotFound).toHaveLength(CURSORS);
    await expect(
      store.db.command({ getMore: ids[0], collection: 'docs', batchSize: 10 }),
    ).rejects.toMatchObject({
      codeName: 'CursorNotFound',
    });
    expect(checkedOut).toBe(0);
  });

  it('when 200 cursors are left open, then other callers are still answered, and once closed a 5-connection pool serves 50 callers', async () => {
    const cursors = await Promise.all(Array.from({ length: CURSORS }, openCursor));
    const reads = await race(50, (caller) => docs().findOne({ _id: 500 + caller }));
    const writes = await race(10, (caller) => docs().insertOne({ _id: 10_000 + caller, pad: '' }));
    expect(landed(reads).map((doc) => doc?._id)).toEqual(Array.from({ length: 50 }, (_, i) => 500 + i));
    expect(landed(writes)).toHaveLength(10);

    const ids = cursors.map(serverIdOf);
    await Promise.all(cursors.map((cursor) => cursor.close()));
    expect((await killCursors(ids)).cursorsNotFound).toHaveLength(CURSORS);
    const after = await race(50, () =>
      docs()
        .find({ _id: { $lt: 100 } }, { batchSize: 10 })
        .toArray(),
    );
    expect(landed(after).map((page) => page.length)).toEqual(Array(50).fill(100));
    expect(checkedOut).toBe(0);
  });
});

import { testInfra, testLogger, uniqueName } from '@travel/testkit';
import { Schema } from 'mongoose';
import { createCombinedInsert, createMongo, modelOn } from '../src';

const mongo = createMongo({
  url: testInfra().mongoUrl,
  database: uniqueName('ct_insert'),
  logger: testLogger(),
});

beforeAll(async () => {
  await mongo.start();
});
afterAll(async () => {
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

interface Fact {
  _id: string;
  amount: number;
}
const factSchema = new Schema<Fact>({ _id: String, amount: { type: Number, required: true } });

/** The store's own count of inserts into the collection so far (`top`). */
async function insertsInto(collection: string): Promise<number> {
  const top = await mongo.connection.db?.admin().command({ top: 1 });
  const entry = top?.totals?.[`${mongo.connection.name}.${collection}`];
  return entry?.insert?.count ?? 0;
}

describe('combined inserts', () => {
  it('when 30 callers insert at once, then each document lands once, in fewer store inserts than callers', async () => {
    const facts = modelOn(mongo.connection, 'FactAtOnce', factSchema);
    const insert = createCombinedInsert(facts);
    const before = await insertsInto(facts.collection.collectionName);
    const landed = await Promise.all(
      Array.from({ length: 30 }, (_, i) => insert({ _id: `fact-${i}`, amount: i })),
    );
    expect(landed).toEqual(Array.from({ length: 30 }, () => true));
    expect(await facts.countDocuments()).toBe(30);
    const inserts = (await insertsInto(facts.collection.collectionName)) - before;
    expect(inserts).toBeGreaterThan(0);
    expect(inserts).toBeLessThanOrEqual(2);
  });

  it('when some documents of one write were there first, then exactly their callers get false and the others land', async () => {
    const facts = modelOn(mongo.connection, 'FactTaken', factSchema);
    await facts.collection.insertMany([
      { _id: 'taken-1', amount: 1 },
      { _id: 'taken-3', amount: 3 },
    ] as never[]);
    const insert = createCombinedInsert(facts);
    const ids = ['taken-0', 'taken-1', 'taken-2', 'taken-3', 'taken-2'];
    const landed = await Promise.all(ids.map((id) => insert({ _id: id, amount: 9 })));
    // The second `taken-2` of the same write is refused like any other duplicate: one of the two lands.
    expect(landed).toEqual([true, false, true, false, false]);
    const stored = await facts.find().sort({ _id: 1 }).lean();
    expect(stored.map((doc) => [doc._id, doc.amount])).toEqual([
      ['taken-0', 9],
      ['taken-1', 1],
      ['taken-2', 9],
      ['taken-3', 3],
    ]);
  });
});

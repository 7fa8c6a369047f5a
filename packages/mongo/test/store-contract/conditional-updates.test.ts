import { landed, race, useFreshDatabase } from './fresh-database';

// One-time transitions (an invoice becoming paid, a lease changing hands) are conditional updates.
const store = useFreshDatabase('sc_conditional');
const CALLERS = 20;
const ROUNDS = 10;

describe('store contract: conditional updates under concurrency', () => {
  it('when 20 callers update {_id, v: 0} to v: 1 at once, then exactly one is told it modified the document', async () => {
    const docs = store.db.collection<{ _id: string; v: number; by?: number }>('transitions');
    for (let round = 0; round < ROUNDS; round++) {
      const _id = `doc_${round}`;
      await docs.insertOne({ _id, v: 0 });
      const outcomes = await race(CALLERS, (caller) =>
        docs.updateOne({ _id, v: 0 }, { $set: { v: 1, by: caller } }),
      );
      const winners = landed(outcomes).filter((result) => result.modifiedCount === 1);
      expect(landed(outcomes)).toHaveLength(CALLERS);
      expect(winners).toHaveLength(1);
      expect(await docs.findOne({ _id })).toMatchObject({ v: 1 });
    }
  });

  it('when 20 callers compare-and-set v from the value each read, then v ends at the number told they succeeded', async () => {
    const docs = store.db.collection<{ _id: string; v: number }>('versions');
    await docs.insertOne({ _id: 'cas', v: 0 });
    const outcomes = await race(CALLERS, async () => {
      const read = (await docs.findOne({ _id: 'cas' }))?.v ?? -1;
      return (await docs.updateOne({ _id: 'cas', v: read }, { $set: { v: read + 1 } })).modifiedCount;
    });
    const succeeded = landed(outcomes).filter((modified) => modified === 1).length;
    expect(landed(outcomes)).toHaveLength(CALLERS);
    expect(succeeded).toBeGreaterThan(0);
    expect((await docs.findOne({ _id: 'cas' }))?.v).toBe(succeeded);
  });
});

import { landed, race, useFreshDatabase } from './fresh-database';

// Counters, usage figures and attempt numbers are `$inc`s; a lost or repeated increment is a wrong id or bill.
const store = useFreshDatabase('sc_increments');
const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

interface Tally {
  _id: string;
  value: number;
}

describe('store contract: $inc and findOneAndUpdate without lost or repeated values', () => {
  it('when 50 callers $inc one document at once, then it ends at 50', async () => {
    const tallies = store.db.collection<Tally>('tallies');
    await tallies.insertOne({ _id: 'tally', value: 0 });
    const outcomes = await race(50, () => tallies.updateOne({ _id: 'tally' }, { $inc: { value: 1 } }));
    expect(landed(outcomes)).toHaveLength(50);
    expect(await tallies.findOne({ _id: 'tally' })).toEqual({ _id: 'tally', value: 50 });
  });

  it('when 200 callers findOneAndUpdate-$inc one document at once, then each gets a distinct value, together 1..200', async () => {
    const tallies = store.db.collection<Tally>('tallies');
    await tallies.insertOne({ _id: 'sequence', value: 0 });
    const outcomes = await race(200, () =>
      tallies.findOneAndUpdate({ _id: 'sequence' }, { $inc: { value: 1 } }, { returnDocument: 'after' }),
    );
    const values = landed(outcomes).map((doc) => doc?.value ?? Number.NaN);
    expect(values.sort((a, b) => a - b)).toEqual(oneTo(200));
  });
});

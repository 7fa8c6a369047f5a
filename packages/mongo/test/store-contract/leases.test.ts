import { isDuplicateKeyError } from '../../src';
import { landed, race, useFreshDatabase } from './fresh-database';

// Work leases (an idempotent attempt, a webhook attempt, a sweep): one conditional findOneAndUpdate on
// `leaseUntil < now` decides who holds a lease; an expired one is taken over by exactly one claimer.
const store = useFreshDatabase('sc_leases');
const LEASE_MS = 30_000;
const CLAIMERS = 20;
const START = new Date('2030-01-01T00:00:00.000Z');

interface Lease {
  _id: string;
  holder: number;
  leaseUntil: Date;
}

const leases = () => store.db.collection<Lease>('leases');

/** True when `holder` holds the lease from `now` on; the clock is the caller's, as the services pass one in. */
async function claim(_id: string, holder: number, now: Date): Promise<boolean> {
  try {
    const doc = await leases().findOneAndUpdate(
      { _id, leaseUntil: { $lt: now } },
      { $set: { holder, leaseUntil: new Date(now.getTime() + LEASE_MS) } },
      { upsert: true, returnDocument: 'after' },
    );
    return doc?.holder === holder;
  } catch (error) {
    // The lease exists and is live: the upsert's insert collided with it.
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

async function raceFor(_id: string, now: Date): Promise<number[]> {
  const outcomes = await race(CLAIMERS, async (holder) => ((await claim(_id, holder, now)) ? holder : null));
  expect(landed(outcomes)).toHaveLength(CLAIMERS);
  return landed(outcomes).filter((holder) => holder !== null);
}

describe('store contract: leases', () => {
  it('when 20 claimers race for a new lease, then exactly one holds it', async () => {
    for (let round = 0; round < 10; round++) {
      const winners = await raceFor(`new_${round}`, START);
      expect(winners).toHaveLength(1);
      expect(await leases().findOne({ _id: `new_${round}` })).toMatchObject({ holder: winners[0] });
    }
  });

  it('when 20 claimers race for a live lease, then none takes it', async () => {
    await leases().insertOne({ _id: 'live', holder: -1, leaseUntil: new Date(START.getTime() + LEASE_MS) });
    expect(await raceFor('live', new Date(START.getTime() + LEASE_MS - 1))).toEqual([]);
    expect(await leases().findOne({ _id: 'live' })).toMatchObject({ holder: -1 });
  });

  it('when 20 claimers race for an expired lease, then exactly one takes it over, once', async () => {
    for (let round = 0; round < 10; round++) {
      const _id = `expired_${round}`;
      await leases().insertOne({ _id, holder: -1, leaseUntil: START });
      const later = new Date(START.getTime() + 1);
      const winners = await raceFor(_id, later);
      expect(winners).toHaveLength(1);
      expect(await leases().findOne({ _id })).toMatchObject({ holder: winners[0] });
      // The new holder's lease is live: a second wave at the same moment finds nothing to take.
      expect(await raceFor(_id, later)).toEqual([]);
    }
  });
});

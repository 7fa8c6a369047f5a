import { isDuplicateKeyError } from '../../src';
import { landed, race, refused, useFreshDatabase } from './fresh-database';

// Every "created once" decision (an idempotency key, a booking's closure, a processed event) is a unique insert.
const store = useFreshDatabase('sc_unique');
const CALLERS = 20;
const ROUNDS = 10;

describe('store contract: unique-insert races', () => {
  it('when 20 callers insert one _id at once, then exactly one lands and the others get E11000', async () => {
    const docs = store.db.collection<{ _id: string; caller: number }>('claims');
    for (let round = 0; round < ROUNDS; round++) {
      const _id = `claim_${round}`;
      const outcomes = await race(CALLERS, (caller) => docs.insertOne({ _id, caller }));
      expect(landed(outcomes)).toHaveLength(1);
      expect(refused(outcomes).filter(isDuplicateKeyError)).toHaveLength(CALLERS - 1);
      expect(await docs.countDocuments({ _id })).toBe(1);
    }
  });

  it('when 20 callers insert one value of a unique secondary key at once, then exactly one lands and the others get E11000', async () => {
    const users = store.db.collection<{ email: string; caller: number }>('users');
    // Serves "the user with this e-mail", and makes an e-mail belong to one user.
    await users.createIndex({ email: 1 }, { unique: true });
    for (let round = 0; round < ROUNDS; round++) {
      const email = `user${round}@example.test`;
      const outcomes = await race(CALLERS, (caller) => users.insertOne({ email, caller }));
      expect(landed(outcomes)).toHaveLength(1);
      expect(refused(outcomes).filter(isDuplicateKeyError)).toHaveLength(CALLERS - 1);
      expect(await users.countDocuments({ email })).toBe(1);
    }
  });
});

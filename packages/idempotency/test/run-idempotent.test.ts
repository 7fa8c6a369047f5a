import { AppError } from '@travel/errors';
import { createMongo, insertIfAbsent, modelOn } from '@travel/mongo';
import { testInfra, testLogger, uniqueName } from '@travel/testkit';
import { Schema } from 'mongoose';
import { idempotencyKeySchema } from '../src/idempotency-key.schema';
import { createIdempotencyKeys } from '../src/idempotency-keys';
import { createIdempotencyRunner, type IdempotentWork } from '../src/run-idempotent';

// The shared runner against the real store: the work writes its effect with the attempt (a unique `_id`), as
// every service's idempotent operation does, and the runner decides replays, conflicts and takeovers.
const mongo = createMongo({
  url: testInfra().mongoUrl,
  database: uniqueName('ct_idem_run'),
  logger: testLogger(),
  collections: [idempotencyKeySchema],
});
const LEASE_MS = 600;
const keys = createIdempotencyKeys(mongo.connection, { leaseMs: LEASE_MS, retentionMs: 3_600_000 });
const runner = createIdempotencyRunner({ keys, now: () => new Date(), leaseMs: LEASE_MS });
const effects = modelOn(
  mongo.connection,
  'Effect',
  new Schema({ _id: String, scope: String, answer: Number }, { collection: 'effects', versionKey: false }),
);

// The index migration first, as every process's database gets it before the process starts.
beforeAll(async () => {
  await mongo.migrate();
  await mongo.start();
});
afterAll(async () => {
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Work that writes one effect per attempt after `delayMs`, counting how often it ran. */
function work(scope: string, delayMs = 0, fail?: 'before-write' | 'after-write') {
  const runs: Array<{ takeover: boolean }> = [];
  const unit: IdempotentWork<{ answer: number }, number> = {
    find: async (attempt) => effects.findById(attempt).lean<{ answer: number }>(),
    replay: async (record) => record.answer,
    async run(lease, takeover) {
      runs.push({ takeover });
      await sleep(delayMs);
      if (fail === 'before-write') throw new Error('failed before writing');
      const answer = Math.floor(Math.random() * 1e9);
      await insertIfAbsent(effects, { _id: lease.attempt, scope, answer });
      if (fail === 'after-write') throw new Error('failed after writing');
      return answer;
    },
  };
  return { unit, runs, count: () => effects.countDocuments({ scope }) };
}

const request = (scope: string, fingerprint = 'f1') => ({ scope, fingerprint });

describe('the idempotency runner', () => {
  it('when the same request comes again, then it replays the first answer; another body is idempotency_key_reuse', async () => {
    const scope = uniqueName('s');
    const w = work(scope);
    const first = await runner.perform(request(scope), w.unit);
    expect(first.replayed).toBe(false);
    expect(await runner.perform(request(scope), w.unit)).toEqual({ value: first.value, replayed: true });
    await expect(runner.perform(request(scope, 'f2'), w.unit)).rejects.toMatchObject({
      code: 'idempotency_key_reuse',
    });
    expect(w.runs).toHaveLength(1);
    expect(await w.count()).toBe(1);
  });

  it('when 20 first attempts race, then exactly one does the work and the others are told to retry or replay it', async () => {
    const scope = uniqueName('s');
    const w = work(scope, 100);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        runner.perform(request(scope), w.unit).catch((error: unknown) => error),
      ),
    );
    expect(w.runs).toHaveLength(1);
    expect(await w.count()).toBe(1);
    const refused = outcomes.filter((o): o is AppError => o instanceof AppError);
    expect(refused.every((e) => e.code === 'idempotency_key_in_use')).toBe(true);
    expect(refused.every((e) => Number(e.facts?.retryAfterSeconds) >= 1)).toBe(true);
    expect(
      outcomes.filter((o) => !(o instanceof AppError) && !(o as { replayed: boolean }).replayed),
    ).toHaveLength(1);
  });

  it('when the first attempt runs longer than the lease, then its renewals keep retries at 409 with Retry-After until it answers, then they replay', async () => {
    const scope = uniqueName('s');
    const w = work(scope, LEASE_MS * 4);
    const first = runner.perform(request(scope), w.unit);
    await sleep(LEASE_MS * 2);
    const during = await runner.perform(request(scope), w.unit).catch((error: unknown) => error);
    expect(during).toMatchObject({ code: 'idempotency_key_in_use', facts: { retryAfterSeconds: 1 } });
    const answered = await first;
    expect(await runner.perform(request(scope), w.unit)).toEqual({ value: answered.value, replayed: true });
    expect(w.runs).toEqual([{ takeover: false }]);
  });

  it('when the holder died before writing (its lease lapsed), then one retry takes it over and the work is done once', async () => {
    const scope = uniqueName('s');
    // A claim whose holder is gone: made a minute ago, never renewed.
    await keys.claim(scope, 'f1', new Date(Date.now() - 60_000));
    const w = work(scope, 50);
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () =>
        runner.perform(request(scope), w.unit).catch((error: unknown) => error),
      ),
    );
    expect(w.runs).toEqual([{ takeover: true }]);
    expect(await w.count()).toBe(1);
    expect(outcomes.filter((o) => o instanceof AppError).length).toBe(4);
  });

  it('when the work fails before writing, then the key is forgotten and a retry runs again; after writing, the key stays and a retry replays', async () => {
    const before = uniqueName('s');
    const failing = work(before, 0, 'before-write');
    await expect(runner.perform(request(before), failing.unit)).rejects.toThrow('failed before writing');
    const fixed = work(before);
    expect((await runner.perform(request(before), fixed.unit)).replayed).toBe(false);

    const after = uniqueName('s');
    const late = work(after, 0, 'after-write');
    await expect(runner.perform(request(after), late.unit)).rejects.toThrow('failed after writing');
    const retry = await runner.perform(request(after), work(after).unit);
    expect(retry.replayed).toBe(true);
    expect(await late.count()).toBe(1);
  });
});

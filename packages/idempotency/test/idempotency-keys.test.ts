import { createMongo } from '@travel/mongo';
import { testInfra, testLogger, uniqueName } from '@travel/testkit';
import { idempotencyKeySchema } from '../src/idempotency-key.schema';
import { createIdempotencyKeys } from '../src/idempotency-keys';

// The store-level guarantees every idempotent operation stands on, against the real store: each race decided by
// one atomic write (the unique insert of a claim, the conditional update of a lease).
const mongo = createMongo({
  url: testInfra().mongoUrl,
  database: uniqueName('ct_idem_keys'),
  logger: testLogger(),
  collections: [idempotencyKeySchema],
});
const keys = createIdempotencyKeys(mongo.connection, { leaseMs: 10_000, retentionMs: 3_600_000 });

// The index migration first, as every process's database gets it before the process starts.
beforeAll(async () => {
  await mongo.migrate();
  await mongo.start();
});
afterAll(async () => {
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

it('when 30 first requests claim one key at once, then one claim lands and every other caller is shown it', async () => {
  const scope = uniqueName('scope');
  const results = await Promise.all(Array.from({ length: 30 }, () => keys.claim(scope, 'f', new Date())));
  const landed = results.flatMap((r) => (r.claimed ? [r.claim] : []));
  expect(landed).toHaveLength(1);
  for (const r of results) if (!r.claimed) expect(r.existing.attempt).toBe(landed[0]?.attempt);
});

it('when 20 retries take over one expired lease at once, then exactly one holds it', async () => {
  const scope = uniqueName('scope');
  const then = new Date(Date.now() - 60_000);
  const result = await keys.claim(scope, 'f', then);
  if (!result.claimed) throw new Error('a fresh scope was not claimed');
  const taken = await Promise.all(Array.from({ length: 20 }, () => keys.takeOver(result.claim, new Date())));
  expect(taken.filter((claim) => claim !== null)).toHaveLength(1);
  // The first request, back from the dead, no longer holds the lease: its release changes nothing.
  await keys.release(result.claim);
  expect(await keys.find(scope, new Date())).toMatchObject({ attempt: result.claim.attempt });
});

it('when a holder renews its lease, then the lease moves on; once a retry took it over, the old holder renews nothing', async () => {
  const scope = uniqueName('scope');
  const result = await keys.claim(scope, 'f', new Date(Date.now() - 60_000));
  if (!result.claimed) throw new Error('a fresh scope was not claimed');
  const renewed = await keys.renew(result.claim, new Date());
  expect(renewed?.leaseUntil.getTime()).toBeGreaterThan(Date.now());
  // A retry that saw the lease before the renewal cannot take it over: the holder is alive.
  expect(await keys.takeOver(result.claim, new Date())).toBeNull();
  const stale = { ...result.claim, leaseUntil: renewed?.leaseUntil ?? new Date() };
  const taken = await keys.takeOver(stale, new Date(Date.now() + 20_000));
  expect(taken).not.toBeNull();
  expect(await keys.renew(stale, new Date())).toBeNull();
});

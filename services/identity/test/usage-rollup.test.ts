import { createMongo } from '@travel/mongo';
import { testInfra, testLogger, uniqueName } from '@travel/testkit';
import { createApiUsageRepository } from '../src/db/api-usage.repository';
import { createUsageRollupRepository } from '../src/db/api-usage-rollup.repository';
import type { StaffActor } from '../src/domain/staff/staff';
import { type UsageRow, utcDay } from '../src/domain/usage/api-usage';
import { createGetUsage } from '../src/domain/usage/get-usage';
import { createRecordApiUsage } from '../src/domain/usage/record-api-usage';
import { createRollUpUsage } from '../src/jobs/roll-up-usage';

// API usage's retention against the real store (docs/retention.md, "API usage"): batches recorded day after
// day by a clock the test moves, the roll-up job run as it would run each day, then the 90-day answer read
// with the raw rows of all but the last days gone. Nobody sleeps: the clock is the use cases' own.
const mongo = createMongo({
  url: testInfra().mongoUrl,
  database: uniqueName('ct_id_usage_rollup'),
  logger: testLogger(),
});
const usage = createApiUsageRepository(mongo.connection);
const rollups = createUsageRollupRepository(mongo.connection);
const window = { rawDays: 3, rollupDays: 400 };
let clock = new Date('2026-06-01T12:00:00Z');
const now = () => clock;
const recordApiUsage = createRecordApiUsage({ usage, rollups, window, now });
const rollUp = createRollUpUsage({ usage, rollups, window, leaseMs: 60_000, now, logger: testLogger() });
const getUsage = createGetUsage({ usage, rollups });
const PLATFORM: StaffActor = { userId: 'usr_admin', email: 'a@x', rights: [], ip: '', requestId: 'req_t' };

beforeAll(async () => {
  await mongo.start();
  await mongo.migrate();
});
afterAll(async () => {
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

const DAY_MS = 86_400_000;
const rawRows = () => mongo.connection.collection('api_usage');
const rowOf = (day: string, clientId: number, keyId: string, requests: number): UsageRow => ({
  day,
  clientId,
  keyId,
  route: 'GET /api/v1/me',
  requests,
  clientErrors: requests % 3,
  serverErrors: requests % 2,
  latencySum: requests * 2.5,
  latencyMax: requests + 1,
});
const batchId = (day: string, n: number) => `evt_${day}_${n}`;

describe('api usage roll-ups', () => {
  const clientId = 4242;
  const first = new Date('2026-03-04T12:00:00Z');
  const days = Array.from({ length: 90 }, (_, i) => utcDay(new Date(first.getTime() + i * DAY_MS)));
  const today = days[89] as string;
  const expected = new Map<string, number>();

  beforeAll(async () => {
    // Ninety days as they happen: each day two batches (two keys), then the job's pass of that day.
    for (const [i, day] of days.entries()) {
      clock = new Date(`${day}T12:00:00Z`);
      await recordApiUsage(batchId(day, 1), [
        rowOf(day, clientId, 'key_a', i + 1),
        rowOf(day, clientId, 'key_b', 7),
      ]);
      await recordApiUsage(batchId(day, 2), [rowOf(day, clientId, 'key_a', 10)]);
      expected.set(`${day}|key_a`, i + 11);
      expected.set(`${day}|key_b`, 7);
      await rollUp();
    }
  }, 120_000);

  it('when ninety days have been recorded and rolled up, then raw rows are left only for the days not yet final', async () => {
    const rawDays = (await rawRows().distinct('day', {})).sort();
    // The raw window (3 days) and its day of margin, and today: the 5 newest days.
    expect(rawDays).toEqual(days.slice(-5));
    expect(await mongo.connection.collection('api_usage_daily').countDocuments({ clientId })).toBe(85 * 2);
  });

  it('when the 90-day usage is read, then every day counts exactly what was recorded, from roll-ups where its raw rows are gone', async () => {
    const rows = await getUsage({ actor: PLATFORM, from: days[0] as string, to: today, clientId });
    const read = new Map(rows.map((row) => [`${row.day}|${row.keyId}`, row.requests]));
    expect(read).toEqual(expected);
    const oldest = rows.find((row) => row.day === days[0] && row.keyId === 'key_a');
    // key_a of the first day: 1 call then 10; max latency is the larger batch's, the average their sum / 11.
    expect(oldest).toMatchObject({
      clientErrors: 1 + 1,
      serverErrors: 1 + 0,
      maxLatencyMs: 11,
      averageLatencyMs: 2.5,
    });
  });

  it('when a batch comes for a day already rolled up, and comes again, then the day counts it once', async () => {
    const late = days[10] as string;
    const batch = [rowOf(late, clientId, 'key_a', 5)];
    await recordApiUsage('evt_late', batch);
    await recordApiUsage('evt_late', batch);
    await Promise.all([recordApiUsage('evt_late', batch), rollUp()]);
    const rows = await getUsage({ actor: PLATFORM, from: late, to: late, clientId });
    expect(rows.find((row) => row.keyId === 'key_a')?.requests).toBe(
      (expected.get(`${late}|key_a`) ?? 0) + 5,
    );
    expect(await rawRows().countDocuments({ day: late })).toBe(0);
  });

  it('when two replicas run the job at once, then each day is summed whole once and the answer stays exact', async () => {
    const other = 4343;
    const recent = days[87] as string;
    for (let n = 0; n < 20; n++) await recordApiUsage(`evt_pair_${n}`, [rowOf(recent, other, 'key_c', 1)]);
    clock = new Date(clock.getTime() + 5 * DAY_MS);
    await Promise.all([rollUp(), rollUp()]);
    await rollUp();
    expect(await rawRows().countDocuments({ day: { $lte: today } })).toBe(0);
    const rows = await getUsage({ actor: PLATFORM, from: recent, to: recent, clientId: other });
    expect(rows.map((row) => [row.keyId, row.requests])).toEqual([['key_c', 20]]);
    const all = await getUsage({ actor: PLATFORM, from: days[0] as string, to: today, clientId });
    expect(all.reduce((sum, row) => sum + row.requests, 0)).toBe(
      [...expected.values()].reduce((a, b) => a + b, 0) + 5,
    );
  });
});

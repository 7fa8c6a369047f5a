import { partnerCaller, staffCaller, uniqueName, waitFor } from '@travel/testkit';
import { all, bookingEventsOn, codeOf, type Reports, reportsConfig, startReports } from './reports.fixture';

const DAY = new Date('2026-04-01T09:00:00Z');
const period = { from: '2026-04-01', to: '2026-04-01' };

/** docs/access.md, "Callers": a report without a caller is refused; tenant staff see their own tenant only. */
describe('reports callers', () => {
  const namespace = uniqueName('ct-reports-callers');
  const tenantA = uniqueName('ten_a');
  const tenantB = uniqueName('ten_b');
  const staffOf = (tenantId: string) => staffCaller({ userId: `usr_${tenantId}`, tenantId });
  let reports: Reports;
  let bookings: Awaited<ReturnType<typeof bookingEventsOn>>;

  beforeAll(async () => {
    reports = await startReports(reportsConfig(namespace));
    bookings = await bookingEventsOn(namespace);
    await bookings.publish([
      {
        type: 'booking.created',
        tenantId: tenantA,
        bookingId: `bkg_${tenantA}`,
        amount: 1000,
        occurredAt: DAY,
      },
      {
        type: 'booking.created',
        tenantId: tenantB,
        bookingId: `bkg_${tenantB}`,
        amount: 2000,
        occurredAt: DAY,
      },
    ]);
    await waitFor(
      async () => expect((await reports.client.getSales({ ...all, ...period })).rows).toHaveLength(2),
      {
        timeoutMs: 20_000,
        intervalMs: 200,
      },
    );
  });
  afterAll(async () => {
    await bookings.stop();
    await reports.stopAndDrop();
  });

  it('when a report names no caller, or a caller that is not staff, then it is forbidden', async () => {
    expect(await codeOf(reports.client.getSales({ ...period }))).toBe('forbidden');
    expect(await codeOf(reports.client.getPopularDestinations({ ...period, limit: 10 }))).toBe('forbidden');
    const partner = partnerCaller(7, 'live', tenantA);
    expect(await codeOf(reports.client.getSales({ caller: partner, ...period }))).toBe('forbidden');
  });

  it("when tenant staff ask for another tenant's sales, then it is not_found; without a tenant they get their own only", async () => {
    const staffA = staffOf(tenantA);
    expect(await codeOf(reports.client.getSales({ caller: staffA, tenantId: tenantB, ...period }))).toBe(
      'not_found',
    );
    expect(
      await codeOf(
        reports.client.getPopularDestinations({ caller: staffA, tenantId: tenantB, ...period, limit: 10 }),
      ),
    ).toBe('not_found');
    const own = await reports.client.getSales({ caller: staffA, ...period });
    expect(own.rows.map((row) => row.tenantId)).toEqual([tenantA]);
    expect(own.totals?.bookedAmount).toBe(1000);
  });
});

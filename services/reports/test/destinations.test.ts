import { uniqueName, waitFor } from '@travel/testkit';
import {
  all,
  bookingEventsOn,
  codeOf,
  type Reports,
  reportsConfig,
  startReports,
  tenant,
} from './reports.fixture';

describe('reports: search logs and popular destinations', () => {
  const namespace = uniqueName('ct-reports-dest');
  const tenantA = uniqueName('ten_a');
  const tenantB = uniqueName('ten_b');
  let reports: Reports;
  let bookings: Awaited<ReturnType<typeof bookingEventsOn>>;

  beforeAll(async () => {
    reports = await startReports(reportsConfig(namespace));
    bookings = await bookingEventsOn(namespace);
  });
  afterAll(async () => {
    await bookings.stop();
    await reports.stopAndDrop();
  });

  it('when searches are logged and bookings made, then destinations rank by bookings, then searches', async () => {
    const searched = [
      { service: 'flight', from: 'DEL', to: 'goi' },
      { service: 'flight', from: 'BLR', to: 'GOI' },
      { service: 'flight', from: 'DEL', to: 'BOM' },
      { service: 'hotel', city: '  new   Delhi ' },
      { service: 'hotel', city: 'New Delhi', startDate: '2027-01-10', endDate: '2027-01-12' },
      { service: 'car', pickup: 'Goa' },
    ];
    const logged = await Promise.all(searched.map((search) => reports.client.recordSearch({ search })));
    expect(logged[0]).toMatchObject({ service: 'flight', destination: 'GOI' });
    expect(logged[0]?.id).toMatch(/^evt_/);
    // The day counted is the server's: the searches' as reports answered them, and the bookings made then.
    const searchedAt = logged[0]?.at as Date;
    await bookings.publish([
      {
        type: 'booking.created',
        occurredAt: searchedAt,
        tenantId: tenantA,
        bookingId: uniqueName('bkg'),
        amount: 100,
        route: 'DEL → BOM',
      },
      {
        type: 'booking.created',
        occurredAt: searchedAt,
        tenantId: tenantB,
        bookingId: uniqueName('bkg'),
        amount: 100,
        route: 'BLR → BOM',
      },
      {
        type: 'booking.created',
        occurredAt: searchedAt,
        tenantId: tenantB,
        bookingId: uniqueName('bkg'),
        amount: 100,
        service: 'hotel',
        route: 'Leela, New Delhi',
      },
    ]);
    const days = logged.map((search) => (search.at as Date).toISOString().slice(0, 10)).sort();
    const day = { from: days[0] as string, to: days.at(-1) as string };
    await waitFor(
      async () => {
        const reply = await reports.client.getPopularDestinations({ ...all, ...day, limit: 100 });
        const ours = reply.destinations.filter((d) =>
          ['BOM', 'GOI', 'New Delhi', 'Goa'].includes(d.destination),
        );
        expect(ours).toEqual([
          { service: 'flight', destination: 'BOM', bookings: 2, searches: 1 },
          { service: 'hotel', destination: 'New Delhi', bookings: 1, searches: 2 },
          { service: 'flight', destination: 'GOI', bookings: 0, searches: 2 },
          { service: 'car', destination: 'Goa', bookings: 0, searches: 1 },
        ]);
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );
    // Tenant staff see their own tenant's bookings beside the storefront's searches.
    const mine = await reports.client.getPopularDestinations({
      ...tenant(tenantA),
      ...day,
      service: 'flight',
      limit: 2,
    });
    expect(mine.destinations).toEqual([
      { service: 'flight', destination: 'BOM', bookings: 1, searches: 1 },
      { service: 'flight', destination: 'GOI', bookings: 0, searches: 2 },
    ]);
  });

  it('when a search log lacks its destination or has a bad field, then it is bad_request and nothing is published', async () => {
    expect(await codeOf(reports.client.recordSearch({ search: { service: 'flight', from: 'DEL' } }))).toBe(
      'bad_request',
    );
    expect(await codeOf(reports.client.recordSearch({ search: { service: 'train', to: 'BOM' } }))).toBe(
      'bad_request',
    );
    expect(
      await codeOf(
        reports.client.recordSearch({ search: { service: 'hotel', city: 'Pune', startDate: '10/01/2027' } }),
      ),
    ).toBe('bad_request');
    expect(
      await codeOf(
        reports.client.getPopularDestinations({ ...all, from: '2026-11-01', to: '2026-11-01', limit: 0 }),
      ),
    ).toBe('bad_request');
  });
});

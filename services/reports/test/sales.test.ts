import { testLogger, uniqueName, waitFor } from '@travel/testkit';
import { readModelLag, rebuildReadModels } from '../src/jobs/rebuild-read-models';
import {
  all,
  type BookingFactInput,
  bookingEventsOn,
  codeOf,
  type Reports,
  reportsConfig,
  saleFactsIn,
  startReports,
  storefront,
  tenant,
} from './reports.fixture';

const DAY1 = new Date('2026-03-01T09:00:00Z');
const DAY2 = new Date('2026-03-02T18:30:00Z');
const period = { from: '2026-03-01', to: '2026-03-02' };

describe('reports: the sales read model from booking.events', () => {
  const namespace = uniqueName('ct-reports');
  const tenantA = uniqueName('ten_a');
  const tenantB = uniqueName('ten_b');
  const b = (n: number) => `bkg_${tenantA}_${n}`;
  const facts: BookingFactInput[] = [
    { type: 'booking.created', tenantId: tenantA, bookingId: b(1), amount: 1000, occurredAt: DAY1 },
    { type: 'booking.created', tenantId: tenantA, bookingId: b(2), amount: 2000, occurredAt: DAY1 },
    { type: 'booking.created', tenantId: tenantA, bookingId: b(3), amount: 3000, occurredAt: DAY1 },
    {
      type: 'booking.created',
      tenantId: tenantA,
      bookingId: b(4),
      amount: 5000,
      service: 'hotel',
      occurredAt: DAY1,
    },
    { type: 'booking.cancelled', tenantId: tenantA, bookingId: b(2), amount: 2000, occurredAt: DAY2 },
    {
      type: 'booking.created',
      tenantId: tenantB,
      bookingId: b(5),
      amount: 700,
      service: 'car',
      occurredAt: DAY1,
    },
    {
      type: 'booking.created',
      tenantId: tenantB,
      bookingId: b(6),
      amount: 800,
      service: 'car',
      occurredAt: DAY1,
    },
    {
      type: 'booking.cancelled',
      tenantId: tenantB,
      bookingId: b(6),
      amount: 800,
      service: 'car',
      occurredAt: DAY1,
    },
    // A storefront booking: a customer's, no tenant.
    { type: 'booking.created', tenantId: '', bookingId: b(7), amount: 4000, occurredAt: DAY2 },
    // Test mode is not a sale.
    {
      type: 'booking.created',
      tenantId: tenantA,
      bookingId: b(8),
      amount: 9999,
      livemode: false,
      occurredAt: DAY1,
    },
  ];
  const figures = (bookings: number, booked: number, cancellations: number, cancelled: number) => ({
    bookings,
    bookedAmount: booked,
    cancellations,
    cancelledAmount: cancelled,
    netBookings: bookings - cancellations,
    netAmount: booked - cancelled,
  });
  const expectedRows = [
    { day: '2026-03-01', service: 'car', tenantId: tenantB, figures: figures(2, 1500, 1, 800) },
    { day: '2026-03-01', service: 'flight', tenantId: tenantA, figures: figures(3, 6000, 0, 0) },
    { day: '2026-03-01', service: 'hotel', tenantId: tenantA, figures: figures(1, 5000, 0, 0) },
    { day: '2026-03-02', service: 'flight', tenantId: undefined, figures: figures(1, 4000, 0, 0) },
    { day: '2026-03-02', service: 'flight', tenantId: tenantA, figures: figures(0, 0, 1, 2000) },
  ];
  let reports: Reports;
  let bookings: Awaited<ReturnType<typeof bookingEventsOn>>;
  let eventIds: string[];

  /** The report over both days, limited to this suite's tenants and the storefront. */
  const ours = async (client = reports.client) => {
    const reply = await client.getSales({ ...all, ...period });
    return reply.rows.filter(
      (row) => row.tenantId === undefined || row.tenantId === tenantA || row.tenantId === tenantB,
    );
  };

  beforeAll(async () => {
    reports = await startReports(reportsConfig(namespace));
    bookings = await bookingEventsOn(namespace);
    eventIds = await bookings.publish(facts);
  });
  afterAll(async () => {
    await bookings.stop();
    await reports.stopAndDrop();
  });

  it('when bookings and cancellations of two tenants and the storefront arrive, then the sales are their sums by day, service and tenant, cancellations netted', async () => {
    await waitFor(async () => expect(await ours()).toEqual(expectedRows), {
      timeoutMs: 20_000,
      intervalMs: 200,
    });
    const reply = await reports.client.getSales({ ...tenant(tenantA), ...period });
    expect(reply.rows.map((row) => row.tenantId)).toEqual([tenantA, tenantA, tenantA]);
    expect(reply.totals).toEqual(figures(4, 11000, 1, 2000));
    const onlyStorefront = await reports.client.getSales({ ...storefront, ...period, service: 'flight' });
    expect(onlyStorefront.rows).toEqual([expectedRows[3]]);
    const firstDay = await reports.client.getSales({
      ...tenant(tenantB),
      from: '2026-03-01',
      to: '2026-03-01',
    });
    expect(firstDay.totals).toEqual(figures(2, 1500, 1, 800));
  });

  it('when the same events are delivered again, also as the same facts under new event ids, then nothing changes', async () => {
    await waitFor(async () => expect(await ours()).toEqual(expectedRows), {
      timeoutMs: 20_000,
      intervalMs: 200,
    });
    const again = facts.map((fact, i) => ({ ...fact, eventId: eventIds[i] }));
    await bookings.publish([...again, ...facts]);
    // A marker after the duplicates on each booking's partition (same key): once it counts, they were read.
    const marker = uniqueName('ten_marker');
    const keys = [...new Set(facts.map((fact) => fact.bookingId))];
    await bookings.publish(
      keys.map((key) => ({
        type: 'booking.created' as const,
        tenantId: marker,
        bookingId: `${key}_m`,
        key,
        amount: 1,
        occurredAt: DAY1,
      })),
    );
    await waitFor(
      async () => {
        const reply = await reports.client.getSales({ ...tenant(marker), ...period });
        expect(reply.totals?.bookings).toBe(keys.length);
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );
    expect(await ours()).toEqual(expectedRows);
  });

  it('when a new consumer group replays the topics into an empty database, then the figures are the same', async () => {
    const replica = await startReports(
      reportsConfig(namespace, { REPORTS_CONSUMER_GROUP: uniqueName('reports-replay') }),
    );
    try {
      await waitFor(async () => expect(await ours(replica.client)).toEqual(await ours()), {
        timeoutMs: 30_000,
        intervalMs: 300,
      });
      expect(await ours(replica.client)).toEqual(expectedRows);
    } finally {
      await replica.stopAndDrop();
    }
  });

  it('when the read model is deleted and the group rewound while reports is stopped, then the restart rebuilds the same figures', async () => {
    const config = reportsConfig(namespace, { REPORTS_CONSUMER_GROUP: uniqueName('reports-rebuild') });
    const first = await startReports(config);
    await waitFor(async () => expect(await ours(first.client)).toEqual(expectedRows), {
      timeoutMs: 30_000,
      intervalMs: 300,
    });
    // Kafka refuses to rewind a group that has a running consumer: a rebuild cannot race a live one.
    await expect(rebuildReadModels(config, testLogger())).rejects.toThrow();
    await first.stop();
    expect(await saleFactsIn(config)).toBeGreaterThanOrEqual(facts.length);
    await rebuildReadModels(config, testLogger());
    expect(await saleFactsIn(config)).toBe(0);
    const rebuilt = await startReports(config);
    try {
      await waitFor(async () => expect(await readModelLag(config, testLogger())).toBe(0), {
        timeoutMs: 30_000,
        intervalMs: 300,
      });
      expect(await ours(rebuilt.client)).toEqual(expectedRows);
      await waitFor(async () => expect(await ours(rebuilt.client)).toEqual(expectedRows), {
        timeoutMs: 30_000,
        intervalMs: 300,
      });
    } finally {
      await rebuilt.stopAndDrop();
    }
  });

  it('when a period is malformed, reversed or too long, then the report is bad_request', async () => {
    expect(await codeOf(reports.client.getSales({ ...all, from: '2026-02-30', to: '2026-03-01' }))).toBe(
      'bad_request',
    );
    expect(await codeOf(reports.client.getSales({ ...all, from: '2026-03-02', to: '2026-03-01' }))).toBe(
      'bad_request',
    );
    expect(await codeOf(reports.client.getSales({ ...all, from: '2025-01-01', to: '2026-03-01' }))).toBe(
      'bad_request',
    );
    expect(await codeOf(reports.client.getSales({ ...all, ...period, service: 'train' }))).toBe(
      'bad_request',
    );
  });
});

import { adminBooking } from '@travel/contracts';
import type { ServiceClient } from '@travel/grpc';
import {
  type AuditTrail,
  codeOf,
  createServiceClient,
  inDays,
  uniqueName,
  watchAuditTrail,
} from '@travel/testkit';
import {
  type BookingClient,
  bookingEnv,
  caller,
  createRequest,
  platformStaff,
  type SearchAndPricing,
  startBooking,
  startSearchAndPricing,
} from './booking.fixture';

type AdminClient = ServiceClient<typeof adminBooking.AdminBookingServiceDefinition>;

const everyone = { all: true, tenantId: '' };
const tenant = (tenantId: string) => ({ all: false, tenantId });

describe('admin bookings: staff lists, offline bookings and suppliers', () => {
  let world: SearchAndPricing;
  let service: Awaited<ReturnType<typeof startBooking>>;
  let partners: BookingClient;
  let admin: AdminClient;
  const tenantA = uniqueName('ten_a');
  const tenantB = uniqueName('ten_b');
  const a = caller(1, tenantA);
  const b = caller(2, tenantB);

  const book = async (who: ReturnType<typeof caller>, daysAhead = 30) => {
    const { token } = await world.flightOffer(who, daysAhead);
    const reply = await partners.createBooking(createRequest(who, token, uniqueName('key')));
    return reply.booking?.id ?? '';
  };

  let trail: AuditTrail;
  const namespace = uniqueName('ct-bk-admin');

  beforeAll(async () => {
    world = await startSearchAndPricing();
    service = await startBooking(bookingEnv(world, uniqueName('ct_bk_admin'), namespace));
    trail = await watchAuditTrail(namespace);
    partners = service.client;
    admin = createServiceClient(adminBooking.AdminBookingServiceDefinition, service.address, {
      deadlineMs: 20_000,
    });
  });
  afterAll(async () => {
    await trail.stop();
    await service.stop();
    await world.stop();
  });

  it('when staff list bookings, then the scope, the filters and the cursor pages decide what they see', async () => {
    const a1 = await book(a, 20);
    const a2 = await book(a, 40);
    const b1 = await book(b);
    const aTest = await book(caller(1, tenantA, 'test'));
    await partners.cancelBooking({ caller: a, id: a1 });

    const ofA = await admin.listAdminBookings({ caller: platformStaff, scope: tenant(tenantA), limit: 100 });
    expect(ofA.bookings.map((row) => row.booking?.id)).toEqual([aTest, a2, a1]);
    expect(ofA.bookings[0]).toMatchObject({ tenantId: tenantA, clientId: 1, channel: 'partner' });
    expect(ofA.bookings[0]?.booking?.contact).toBeUndefined();

    const all = await admin.listAdminBookings({ caller: platformStaff, scope: everyone, limit: 100 });
    expect(all.bookings.map((row) => row.booking?.id)).toEqual([aTest, b1, a2, a1]);

    const cancelled = await admin.listAdminBookings({
      caller: platformStaff,
      scope: tenant(tenantA),
      status: 'Cancelled',
      limit: 10,
    });
    expect(cancelled.bookings.map((row) => row.booking?.id)).toEqual([a1]);
    const live = await admin.listAdminBookings({
      caller: platformStaff,
      scope: tenant(tenantA),
      livemode: true,
      limit: 10,
    });
    expect(live.bookings.map((row) => row.booking?.id)).toEqual([a2, a1]);
    const later = await admin.listAdminBookings({
      caller: platformStaff,
      scope: tenant(tenantA),
      dateFrom: inDays(35),
      limit: 10,
    });
    expect(later.bookings.map((row) => row.booking?.id)).toEqual([a2]);
    const today = await admin.listAdminBookings({
      caller: platformStaff,
      scope: everyone,
      createdFrom: inDays(0),
      createdTo: inDays(0),
      type: 'hotel',
      limit: 10,
    });
    expect(today.bookings).toEqual([]);
    // Storefront bookings (no tenant) are a scope of their own; these tenants' are not among them.
    const storefront = await admin.listAdminBookings({
      caller: platformStaff,
      scope: tenant(''),
      limit: 100,
    });
    expect(storefront.bookings.filter((row) => row.tenantId !== undefined)).toEqual([]);

    const first = await admin.listAdminBookings({ caller: platformStaff, scope: tenant(tenantA), limit: 2 });
    expect(first.bookings.map((row) => row.booking?.id)).toEqual([aTest, a2]);
    const second = await admin.listAdminBookings({
      caller: platformStaff,
      scope: tenant(tenantA),
      limit: 2,
      cursor: first.nextCursor,
    });
    expect([second.bookings.map((row) => row.booking?.id), second.nextCursor]).toEqual([[a1], undefined]);
  });

  it('when a filter, the limit or the cursor is malformed, then the list is bad_request', async () => {
    for (const bad of [
      { status: 'Pending' },
      { type: 'train' },
      { dateFrom: '2026-02-30' },
      { limit: 0 },
      { cursor: 'x' },
    ])
      expect(
        await codeOf(admin.listAdminBookings({ caller: platformStaff, scope: everyone, limit: 10, ...bad })),
      ).toBe('bad_request');
  });

  it('when staff book offline for a tenant, then the tenant owns a live booking no API client lists, once per key', async () => {
    const { token, total } = await world.flightOffer(a);
    const request = {
      ...createRequest(a, token, uniqueName('offline')),
      caller: platformStaff,
      tenantId: tenantA,
    };
    const made = await admin.createOfflineBooking(request);
    expect(made.replayed).toBe(false);
    expect(made.booking).toMatchObject({ tenantId: tenantA, clientId: undefined, channel: 'offline' });
    expect(made.booking?.booking).toMatchObject({ status: 'Upcoming', livemode: true, amount: total });
    expect(made.booking?.booking?.contact?.name).toBe('Asha Rao');
    const again = await admin.createOfflineBooking(request);
    expect([again.replayed, again.booking?.booking?.id]).toEqual([true, made.booking?.booking?.id]);

    const listed = await admin.listAdminBookings({ caller: platformStaff, scope: tenant(tenantA), limit: 1 });
    expect(listed.bookings[0]?.booking?.id).toBe(made.booking?.booking?.id);
    const partnerList = await partners.listBookings({ caller: a, limit: 100 });
    expect(partnerList.bookings.map((row) => row.id)).not.toContain(made.booking?.booking?.id);

    // A token of another tenant, or of test mode, is refused as partners' are.
    const other = await world.flightOffer(b);
    const foreign = { ...request, idempotencyKey: uniqueName('offline'), offerToken: other.token };
    expect(await codeOf(admin.createOfflineBooking(foreign))).toBe('bad_request');
    const testToken = (await world.flightOffer(caller(1, tenantA, 'test'))).token;
    expect(await codeOf(admin.createOfflineBooking({ ...foreign, offerToken: testToken }))).toBe(
      'bad_request',
    );
    expect(await codeOf(admin.createOfflineBooking({ ...request, tenantId: '' }))).toBe('bad_request');
  });

  it('when a supplier is assigned, then upcoming bookings take it and the others are named as skipped', async () => {
    const upcoming = await book(b, 25);
    const cancelled = await book(b, 26);
    await partners.cancelBooking({ caller: b, id: cancelled });
    const supplierId = uniqueName('sup');
    const reply = await admin.assignSupplier({
      caller: platformStaff,
      bookingIds: [upcoming, cancelled, 'bkg_999999999999'],
      supplierId,
    });
    expect(reply.assigned.map((row) => [row.booking?.id, row.supplierId])).toEqual([[upcoming, supplierId]]);
    expect(reply.skipped).toEqual([
      { id: cancelled, reason: 'not_upcoming' },
      { id: 'bkg_999999999999', reason: 'not_found' },
    ]);
    const listed = await admin.listAdminBookings({
      caller: platformStaff,
      scope: tenant(tenantB),
      limit: 100,
    });
    expect(listed.bookings.find((row) => row.booking?.id === upcoming)?.supplierId).toBe(supplierId);
    expect(listed.bookings.find((row) => row.booking?.id === cancelled)?.supplierId).toBeUndefined();
    expect(await codeOf(admin.assignSupplier({ caller: platformStaff, bookingIds: [], supplierId }))).toBe(
      'bad_request',
    );
    expect(
      await codeOf(admin.assignSupplier({ caller: platformStaff, bookingIds: ['nope'], supplierId: '' })),
    ).toBe('bad_request');
  });

  it('when staff book offline, assign a supplier and cancel, then each change is written with its audit entry', async () => {
    const { token } = await world.flightOffer(a, 30);
    const staff = {
      ...platformStaff,
      email: 'desk@example.com',
      ip: '198.51.100.8',
      requestId: 'req_ct_bk_audit',
    };
    const made = await admin.createOfflineBooking({
      ...createRequest(a, token, uniqueName('offline')),
      caller: staff,
      tenantId: tenantA,
    });
    const id = made.booking?.booking?.id ?? '';
    await admin.assignSupplier({ caller: staff, bookingIds: [id], supplierId: 'sup_audit' });
    await admin.cancelOfflineBooking({ caller: staff, id });
    const entries = await trail.of(id, 3);
    expect(entries.map((entry) => entry.action)).toEqual([
      'booking.created_offline',
      'booking.supplier_assigned',
      'booking.cancelled_offline',
    ]);
    expect(entries[0]).toMatchObject({
      targetType: 'booking',
      actorEmail: 'desk@example.com',
      ip: '198.51.100.8',
      requestId: 'req_ct_bk_audit',
      details: { tenantId: tenantA, amount: made.booking?.booking?.amount },
    });
    expect(entries[1]?.details).toEqual({ supplierId: 'sup_audit' });
  });
});

import { adminBooking } from '@travel/contracts';
import type { ServiceClient } from '@travel/grpc';
import { codeOf, createServiceClient, uniqueName, wireCallers } from '@travel/testkit';
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
import { type StorefrontClient, storefrontClient } from './storefront.fixture';

jest.setTimeout(120_000);

type AdminClient = ServiceClient<typeof adminBooking.AdminBookingServiceDefinition>;

// Fail closed (issue 30): every booking method names its caller, and a caller reaches only its own
// bookings (a partner its client's, tenant staff their tenant's, a customer theirs) whatever id it names.
describe('booking callers', () => {
  let world: SearchAndPricing;
  let service: Awaited<ReturnType<typeof startBooking>>;
  let partners: BookingClient;
  let admin: AdminClient;
  let storefront: StorefrontClient;
  const tenantA = uniqueName('ten_a');
  const tenantB = uniqueName('ten_b');
  const staffOf = (tenantId: string) => wireCallers.tenantStaff(tenantId, ['bookings']);

  const offline = async (tenantId: string) => {
    const { token } = await world.flightOffer(caller(1, tenantId), 30);
    const reply = await admin.createOfflineBooking({
      ...createRequest(caller(1, tenantId), token, uniqueName('offline')),
      caller: staffOf(tenantId),
      tenantId,
    });
    return reply.booking?.booking?.id ?? '';
  };
  const statusOf = async (id: string) =>
    (
      await admin.listAdminBookings({ caller: platformStaff, scope: { all: true, tenantId: '' }, limit: 100 })
    ).bookings.find((row) => row.booking?.id === id)?.booking?.status;

  beforeAll(async () => {
    world = await startSearchAndPricing();
    service = await startBooking(bookingEnv(world, uniqueName('ct_bk_callers'), uniqueName('ct-bk-callers')));
    partners = service.client;
    admin = createServiceClient(adminBooking.AdminBookingServiceDefinition, service.address, {
      deadlineMs: 20_000,
    });
    storefront = storefrontClient(service.address);
  });
  afterAll(async () => {
    await service.stop();
    await world.stop();
  });

  it('when a booking method is called without a caller, then it is refused and nothing is booked or cancelled', async () => {
    const id = await offline(tenantA);
    const { token } = await world.flightOffer(caller(1, tenantA), 30);
    const calls = [
      partners.createBooking({
        ...createRequest(caller(1, tenantA), token, uniqueName('k')),
        caller: undefined,
      }),
      partners.getBooking({ id }),
      partners.listBookings({ limit: 10 }),
      partners.cancelBooking({ id }),
      partners.quoteCancellation({ id }),
      admin.listAdminBookings({ scope: { all: true, tenantId: '' }, limit: 10 }),
      admin.createOfflineBooking({
        ...createRequest(caller(1, tenantA), token, uniqueName('k')),
        caller: undefined,
        tenantId: tenantA,
      }),
      admin.cancelOfflineBooking({ id }),
      admin.getAdminBooking({ id }),
      admin.quoteAdminCancellation({ id }),
      admin.assignSupplier({ bookingIds: [id], supplierId: 'sup_1' }),
      storefront.getStorefrontBooking({ id }),
      storefront.listStorefrontBookings({ limit: 10 }),
      storefront.cancelStorefrontBooking({ id }),
    ];
    for (const call of calls) expect(await codeOf(call)).toBe('forbidden');
    expect(await statusOf(id)).toBe('Upcoming');
    const ofA = await admin.listAdminBookings({ caller: staffOf(tenantA), limit: 100 });
    expect(ofA.bookings.map((row) => row.booking?.id)).toEqual([id]);
  });

  it("when tenant A's staff name tenant B's booking, then it is not_found, unchanged, and absent from their list", async () => {
    const ofB = await offline(tenantB);
    expect(await codeOf(admin.cancelOfflineBooking({ caller: staffOf(tenantA), id: ofB }))).toBe('not_found');
    expect(await codeOf(admin.getAdminBooking({ caller: staffOf(tenantA), id: ofB }))).toBe('not_found');
    expect(await codeOf(admin.quoteAdminCancellation({ caller: staffOf(tenantA), id: ofB }))).toBe(
      'not_found',
    );
    expect(await statusOf(ofB)).toBe('Upcoming');
    // Asking for tenant B's list does not widen tenant A's staff's scope.
    const listed = await admin.listAdminBookings({
      caller: staffOf(tenantA),
      scope: { all: false, tenantId: tenantB },
      limit: 100,
    });
    expect(listed.bookings.map((row) => row.booking?.id)).not.toContain(ofB);
    expect(listed.bookings.every((row) => row.tenantId === tenantA)).toBe(true);
    // Nor may they book for tenant B, or assign suppliers (the platform's).
    const { token } = await world.flightOffer(caller(2, tenantB), 30);
    const forB = admin.createOfflineBooking({
      ...createRequest(caller(2, tenantB), token, uniqueName('k')),
      caller: staffOf(tenantA),
      tenantId: tenantB,
    });
    expect(await codeOf(forB)).toBe('not_found');
    expect(
      await codeOf(admin.assignSupplier({ caller: staffOf(tenantA), bookingIds: [ofB], supplierId: 's' })),
    ).toBe('forbidden');
  });

  it("when a partner of tenant A or a customer names another's booking, then it is not_found and stays as it was", async () => {
    const ofB = await offline(tenantB);
    const partnerA = caller(1, tenantA);
    expect(await codeOf(partners.getBooking({ caller: partnerA, id: ofB }))).toBe('not_found');
    expect(await codeOf(partners.cancelBooking({ caller: partnerA, id: ofB }))).toBe('not_found');
    expect(await codeOf(partners.quoteCancellation({ caller: partnerA, id: ofB }))).toBe('not_found');
    const customer = wireCallers.customer(undefined, uniqueName('cus'));
    expect(await codeOf(storefront.cancelStorefrontBooking({ caller: customer, id: ofB }))).toBe('not_found');
    expect(await statusOf(ofB)).toBe('Upcoming');
    // A staff caller is not a partner or a customer: refused on their services.
    expect(await codeOf(partners.getBooking({ caller: platformStaff, id: ofB }))).toBe('forbidden');
    expect(await codeOf(storefront.getStorefrontBooking({ caller: platformStaff, id: ofB }))).toBe(
      'forbidden',
    );
  });
});

import { randomUUID } from 'node:crypto';
import { inDays } from '@travel/testkit';
import { type AdminApi, bearer, newPartner, platformAdmin } from '../support/admin';
import { book, contact, dataOf, flightOffers, partnerCall } from '../support/bookings';
import { auditOf } from '../support/console-calls';
import { type ApiResponse, call, expectDocumented } from '../support/gateway';
import { tenantStaff } from '../support/staff';

interface AdminBooking {
  id: string;
  status: string;
  type: string;
  livemode: boolean;
  channel: string;
  tenantId: string | null;
  clientId: number | null;
  supplierId: string | null;
  amount: number;
  contact?: { name: string };
}
interface Page {
  data: AdminBooking[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** A staff call, checked against the internal OpenAPI document like every e2e call. */
async function staffCall(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const res = await call(method, path, {
    headers: {
      ...bearer(token),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await expectDocumented(method, path, res);
  return res;
}

const pageOf = (res: ApiResponse) => res.body as Page;
const idsOf = (res: ApiResponse) => pageOf(res).data.map((row) => row.id);
const codeOf = (res: ApiResponse) => [res.status, (res.body as { error: { code: string } }).error.code];

describe('admin bookings: lists, offline bookings and suppliers', () => {
  let admin: AdminApi;
  let staffA: Awaited<ReturnType<typeof tenantStaff>>;
  let partnerB: Awaited<ReturnType<typeof newPartner>>;
  const ids: Record<string, string> = {};

  const partnerBook = async (secret: string, daysAhead = 30) => {
    const [offer] = await flightOffers(secret, inDays(daysAhead));
    const res = await book(secret, { offerToken: offer?.offerToken, contact });
    if (res.status !== 201) throw new Error(`booking answered ${res.status}: ${res.text}`);
    return dataOf(res).id;
  };

  beforeAll(async () => {
    admin = await platformAdmin();
    // No right at all: the admin bookings routes need an admin token only.
    staffA = await tenantStaff(admin, []);
    partnerB = await newPartner(admin);
    const testKeyA = await admin.createKey(staffA.client.id, { environment: 'test' });
    ids.a1 = await partnerBook(staffA.key.secret, 20);
    ids.a2 = await partnerBook(staffA.key.secret, 40);
    ids.aTest = await partnerBook(testKeyA.secret);
    ids.b1 = await partnerBook(partnerB.key.secret);
    const cancel = await partnerCall(staffA.key.secret, 'POST', `/api/v1/bookings/${ids.a1}/cancel`);
    expect(cancel.status).toBe(200);
  }, 120_000);

  it('when tenant staff list bookings, then they see only their tenant, filtered and paged', async () => {
    const own = await staffCall(staffA.token, 'GET', '/api/admin/bookings?limit=100');
    expect(own.status).toBe(200);
    expect(idsOf(own)).toEqual([ids.aTest, ids.a2, ids.a1]);
    expect(pageOf(own).data[1]).toMatchObject({
      channel: 'partner',
      tenantId: staffA.tenant.id,
      clientId: staffA.client.id,
    });
    expect(pageOf(own).data[1]?.contact).toBeUndefined();

    const cancelled = await staffCall(staffA.token, 'GET', '/api/admin/bookings?status=Cancelled');
    expect(idsOf(cancelled)).toEqual([ids.a1]);
    const live = await staffCall(
      staffA.token,
      'GET',
      `/api/admin/bookings?livemode=true&dateFrom=${inDays(30)}`,
    );
    expect(idsOf(live)).toEqual([ids.a2]);
    const today = await staffCall(
      staffA.token,
      'GET',
      `/api/admin/bookings?type=flight&createdFrom=${inDays(-1)}&createdTo=${inDays(0)}`,
    );
    expect(idsOf(today)).toEqual([ids.aTest, ids.a2, ids.a1]);

    const first = await staffCall(staffA.token, 'GET', '/api/admin/bookings?limit=2');
    expect([idsOf(first), pageOf(first).hasMore]).toEqual([[ids.aTest, ids.a2], true]);
    const second = await staffCall(
      staffA.token,
      'GET',
      `/api/admin/bookings?limit=2&cursor=${pageOf(first).nextCursor}`,
    );
    expect([idsOf(second), pageOf(second).hasMore, pageOf(second).nextCursor]).toEqual([
      [ids.a1],
      false,
      null,
    ]);

    const other = await staffCall(staffA.token, 'GET', `/api/admin/bookings?tenantId=${partnerB.tenant.id}`);
    expect(codeOf(other)).toEqual([404, 'not_found']);
    for (const bad of ['limit=0', 'status=Pending', 'dateFrom=2026-02-30', 'cursor=nope', 'colour=red'])
      expect(codeOf(await staffCall(staffA.token, 'GET', `/api/admin/bookings?${bad}`))).toEqual([
        400,
        'bad_request',
      ]);
    expect(codeOf(await call('GET', '/api/admin/bookings'))).toEqual([401, 'unauthorized']);
  });

  it('when the platform lists bookings, then it sees every tenant, one tenant, or the storefront', async () => {
    const everyone = await staffCall(admin.token, 'GET', '/api/admin/bookings?limit=100');
    expect(idsOf(everyone)).toEqual(expect.arrayContaining([ids.a2, ids.b1]));
    const ofB = await staffCall(admin.token, 'GET', `/api/admin/bookings?tenantId=${partnerB.tenant.id}`);
    expect(idsOf(ofB)).toEqual([ids.b1]);
    const storefront = await staffCall(
      admin.token,
      'GET',
      '/api/admin/bookings?tenantId=storefront&limit=100',
    );
    // Customers' bookings: made by the customer, or by staff for the customer (offline).
    expect(
      pageOf(storefront).data.every(
        (row) => row.tenantId === null && ['storefront', 'offline'].includes(row.channel),
      ),
    ).toBe(true);
    const unknown = await staffCall(admin.token, 'GET', '/api/admin/bookings?tenantId=ten_999999999');
    expect(codeOf(unknown)).toEqual([404, 'not_found']);
  });

  it('when staff book offline for a tenant, then the tenant has a live booking, audited, once per key', async () => {
    const [offer] = await flightOffers(staffA.key.secret);
    const body = { offerToken: offer?.offerToken, contact, reference: 'PHONE-17' };
    const key = { 'idempotency-key': randomUUID() };
    const made = await staffCall(staffA.token, 'POST', '/api/admin/bookings', body, key);
    expect(made.status).toBe(201);
    const booking = (made.body as { data: AdminBooking }).data;
    expect(booking).toMatchObject({
      channel: 'offline',
      tenantId: staffA.tenant.id,
      clientId: null,
      status: 'Upcoming',
      livemode: true,
    });
    expect(booking.amount).toBe(offer?.price.total);
    expect(booking.contact?.name).toBe(contact.name);

    const again = await staffCall(staffA.token, 'POST', '/api/admin/bookings', body, key);
    expect([
      again.status,
      again.headers.get('idempotent-replayed'),
      (again.body as { data: AdminBooking }).data.id,
    ]).toEqual([201, 'true', booking.id]);
    const reused = await staffCall(
      staffA.token,
      'POST',
      '/api/admin/bookings',
      { ...body, reference: 'OTHER' },
      key,
    );
    expect(codeOf(reused)).toEqual([422, 'idempotency_key_reuse']);

    // The tenant's staff list it; its API keys do not (no client made it).
    expect(idsOf(await staffCall(staffA.token, 'GET', '/api/admin/bookings?limit=1'))).toEqual([booking.id]);
    const partnerList = await partnerCall(staffA.key.secret, 'GET', '/api/v1/bookings?limit=100');
    expect((partnerList.body as { data: { id: string }[] }).data.map((row) => row.id)).not.toContain(
      booking.id,
    );

    expect(await auditOf(admin, booking.id)).toContain('booking.created_offline');

    // The platform names the tenant; a token of another tenant is refused; tenant staff cannot book for another.
    const noTenant = await staffCall(admin.token, 'POST', '/api/admin/bookings', body, {
      'idempotency-key': randomUUID(),
    });
    expect(codeOf(noTenant)).toEqual([400, 'bad_request']);
    const foreign = await staffCall(
      admin.token,
      'POST',
      '/api/admin/bookings',
      { ...body, tenantId: partnerB.tenant.id },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(codeOf(foreign)).toEqual([400, 'bad_request']);
    const forB = await staffCall(
      staffA.token,
      'POST',
      '/api/admin/bookings',
      { ...body, tenantId: partnerB.tenant.id },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(codeOf(forB)).toEqual([404, 'not_found']);
    expect(codeOf(await staffCall(staffA.token, 'POST', '/api/admin/bookings', body))).toEqual([
      400,
      'idempotency_key_required',
    ]);
    const byPlatform = await staffCall(
      admin.token,
      'POST',
      '/api/admin/bookings',
      { ...body, tenantId: staffA.tenant.id },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect([byPlatform.status, (byPlatform.body as { data: AdminBooking }).data.channel]).toEqual([
      201,
      'offline',
    ]);
  });

  it('when the platform assigns a supplier, then upcoming bookings take it and the rest are skipped', async () => {
    const created = await staffCall(admin.token, 'POST', '/api/admin/suppliers', {
      name: `E2E supplier ${randomUUID()}`,
      services: ['flight'],
    });
    expect(created.status).toBe(201);
    const supplierId = (created.body as { data: { id: string } }).data.id;
    const path = '/api/admin/bookings/assign-supplier';
    const body = { bookingIds: [ids.a2, ids.a1, 'bkg_999999999999'], supplierId };

    expect(codeOf(await staffCall(staffA.token, 'PUT', path, body))).toEqual([403, 'forbidden']);
    const res = await staffCall(admin.token, 'PUT', path, body);
    expect(res.status).toBe(200);
    const data = (
      res.body as { data: { assigned: AdminBooking[]; skipped: { id: string; reason: string }[] } }
    ).data;
    expect(data.assigned.map((row) => [row.id, row.supplierId])).toEqual([[ids.a2, supplierId]]);
    expect(data.skipped).toEqual([
      { id: ids.a1, reason: 'not_upcoming' },
      { id: 'bkg_999999999999', reason: 'not_found' },
    ]);
    const listed = await staffCall(staffA.token, 'GET', '/api/admin/bookings?limit=100');
    expect(pageOf(listed).data.find((row) => row.id === ids.a2)?.supplierId).toBe(supplierId);

    const unknown = await staffCall(admin.token, 'PUT', path, { ...body, supplierId: 'sup_999999999' });
    expect(codeOf(unknown)).toEqual([404, 'not_found']);
    expect(codeOf(await staffCall(admin.token, 'PUT', path, { bookingIds: [], supplierId }))).toEqual([
      400,
      'bad_request',
    ]);
    expect(await auditOf(admin, ids.a2 ?? '')).toContain('booking.supplier_assigned');
  });
});

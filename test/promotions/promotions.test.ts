import { type AdminApi, platformAdmin } from '../support/admin';
import { auditOf, codeOf, consoleCall, dataOf, platformStaff } from '../support/console-calls';
import { registerCustomer } from '../support/customers';
import { type ApiResponse, call, expectDocumented } from '../support/gateway';
import { tenantStaff } from '../support/staff';

interface Promotion {
  id: string;
  code?: string;
  redeemedCount?: number;
  allocations?: { id: string; tenantId: string | null; customerId: string | null }[];
}
interface Preview {
  voucherId: string;
  discount: number;
  total: number;
}

const day = 86_400_000;
const validity = () => ({
  validFrom: new Date(Date.now() - 60_000).toISOString(),
  validUntil: new Date(Date.now() + day).toISOString(),
});
const newCode = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
const idsOf = (res: ApiResponse) => (res.body as { data: Promotion[] }).data.map((promotion) => promotion.id);

/** A public call (no credential), checked against the internal OpenAPI document. */
async function publicCall(method: string, path: string, body?: unknown): Promise<ApiResponse> {
  const res = await call(method, path, {
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await expectDocumented(method, path.split('?')[0] as string, res);
  return res;
}

/** A promotion created by the marketing staff member, valid from a minute ago for a day unless `fields` say otherwise. */
const created = async (plural: string, fields: Record<string, unknown>) =>
  dataOf<Promotion>(
    await consoleCall(marketing, 'POST', `/api/admin/${plural}`, { ...validity(), ...fields }),
  );

let admin: AdminApi;
/** Platform staff holding only the three promotion rights. */
let marketing: string;
beforeAll(async () => {
  admin = await platformAdmin();
  marketing = (await platformStaff(admin, ['discounts', 'offers', 'vouchers'])).token;
});

describe('promotions through the gateway', () => {
  it.each([
    [
      'discounts',
      { name: 'Monsoon sale', service: 'hotel', percentBps: 1000, maxDiscount: 1500 },
      { percentBps: 12_000 },
    ],
    [
      'offers',
      { title: 'Goa in the rains', imageUrl: 'https://cdn.example.com/goa.jpg' },
      { imageUrl: 'ftp://x' },
    ],
    ['vouchers', { code: 'E2E', amount: 400, maxRedemptions: 10 }, { percentBps: 500 }],
  ])(
    'when the platform manages %s, then create, list, update and delete answer as documented and are audited',
    async (plural, fields, bad) => {
      const body = { ...fields, ...validity(), ...('code' in fields ? { code: newCode('E2E') } : {}) };
      const created = await consoleCall(marketing, 'POST', `/api/admin/${plural}`, body);
      expect(created.status).toBe(201);
      const { id } = dataOf<Promotion>(created);
      expect(idsOf(await consoleCall(marketing, 'GET', `/api/admin/${plural}?limit=100`))).toContain(id);

      const refused = await consoleCall(marketing, 'PUT', `/api/admin/${plural}/${id}`, bad);
      expect(codeOf(refused)).toEqual([400, 'bad_request']);
      const later = new Date(Date.now() + 2 * day).toISOString();
      const updated = await consoleCall(marketing, 'PUT', `/api/admin/${plural}/${id}`, {
        validUntil: later,
      });
      expect(dataOf<{ validUntil: string }>(updated).validUntil).toBe(later);
      const early = await consoleCall(marketing, 'PUT', `/api/admin/${plural}/${id}`, {
        validUntil: new Date(Date.now() - 2 * day).toISOString(),
      });
      expect(
        (early.body as { error: { details: { path: string }[] } }).error.details.map((d) => d.path),
      ).toEqual(['validUntil']);

      const deleted = await consoleCall(marketing, 'DELETE', `/api/admin/${plural}/${id}`);
      expect(dataOf(deleted)).toEqual({ id, deleted: true });
      expect(codeOf(await consoleCall(marketing, 'DELETE', `/api/admin/${plural}/${id}`))).toEqual([
        404,
        'not_found',
      ]);
      const kind = plural.slice(0, -1);
      expect(await auditOf(admin, id)).toEqual([`${kind}.deleted`, `${kind}.updated`, `${kind}.created`]);
    },
  );

  it('when a caller lacks the right, is tenant staff on a platform route, or has no token, then 403 or 401', async () => {
    const offersOnly = (await platformStaff(admin, ['offers'])).token;
    const tenant = await tenantStaff(admin, ['bookings']);
    const body = { name: 'Nope', amount: 100, ...validity() };
    expect(codeOf(await consoleCall(offersOnly, 'POST', '/api/admin/discounts', body))).toEqual([
      403,
      'forbidden',
    ]);
    expect(codeOf(await consoleCall(offersOnly, 'GET', '/api/admin/vouchers'))).toEqual([403, 'forbidden']);
    expect(codeOf(await consoleCall(tenant.token, 'GET', '/api/admin/discounts'))).toEqual([
      403,
      'forbidden',
    ]);
    expect(codeOf(await consoleCall(marketing, 'GET', '/api/admin/offers/mine'))).toEqual([403, 'forbidden']);
    const apply = { code: 'WHATEVER', service: 'flight', amount: 1000 };
    expect(codeOf(await consoleCall(marketing, 'POST', '/api/admin/vouchers/apply', apply))).toEqual([
      403,
      'forbidden',
    ]);
    const noBookings = await tenantStaff(admin, ['billing']);
    expect(codeOf(await consoleCall(noBookings.token, 'GET', '/api/admin/discounts/mine'))).toEqual([
      403,
      'forbidden',
    ]);
    expect(codeOf(await consoleCall(null, 'GET', '/api/admin/vouchers'))).toEqual([401, 'unauthorized']);
  });

  it("when promotions are allocated to a tenant, then only that tenant sees and uses them, and another tenant's allocation is 404", async () => {
    const [mine, other] = await Promise.all([
      tenantStaff(admin, ['bookings']),
      tenantStaff(admin, ['bookings']),
    ]);
    const offer = await created('offers', { title: 'Kerala', audience: 'tenants' });
    const discount = await created('discounts', { name: 'Agents', amount: 250, audience: 'tenants' });
    const code = newCode('AGT');
    const voucher = await created('vouchers', {
      code,
      percentBps: 1000,
      maxDiscount: 300,
      audience: 'tenants',
    });
    const allocate = async (plural: string, id: string, tenantId: string) => {
      const res = await consoleCall(marketing, 'POST', `/api/admin/${plural}/${id}/allocate`, { tenantId });
      expect(res.status).toBe(201);
      return dataOf<{ id: string }>(res).id;
    };
    const offerAllocation = await allocate('offers', offer.id, mine.tenant.id);
    const otherAllocation = await allocate('offers', offer.id, other.tenant.id);
    await allocate('discounts', discount.id, mine.tenant.id);
    await allocate('vouchers', voucher.id, mine.tenant.id);
    expect(
      codeOf(
        await consoleCall(marketing, 'POST', `/api/admin/offers/${offer.id}/allocate`, {
          tenantId: mine.tenant.id,
        }),
      ),
    ).toEqual([409, 'conflict']);
    expect(
      codeOf(
        await consoleCall(marketing, 'POST', `/api/admin/offers/${offer.id}/allocate`, {
          tenantId: 'ten_999999',
        }),
      ),
    ).toEqual([404, 'not_found']);

    const mineOffers = await consoleCall(mine.token, 'GET', '/api/admin/offers/mine');
    expect(idsOf(mineOffers)).toContain(offer.id);
    // A tenant's list shows the terms, never the other tenants the offer is allocated to.
    expect((mineOffers.body as { data: Promotion[] }).data[0]?.allocations).toBeUndefined();
    expect(idsOf(await consoleCall(mine.token, 'GET', '/api/admin/discounts/mine'))).toEqual([discount.id]);
    expect(idsOf(await consoleCall(other.token, 'GET', '/api/admin/discounts/mine'))).toEqual([]);

    const apply = { code: code.toLowerCase(), service: 'car', amount: 5000 };
    const preview = await consoleCall(mine.token, 'POST', '/api/admin/vouchers/apply', apply);
    expect(dataOf<Preview>(preview)).toMatchObject({ voucherId: voucher.id, discount: 300, total: 4700 });
    expect(codeOf(await consoleCall(other.token, 'POST', '/api/admin/vouchers/apply', apply))).toEqual([
      404,
      'not_found',
    ]);
    expect(codeOf(await publicCall('POST', '/api/vouchers/apply', apply))).toEqual([404, 'not_found']);

    // The other tenant's allocation under the wrong promotion is 404; under its own it is removed once.
    expect(
      codeOf(
        await consoleCall(
          marketing,
          'DELETE',
          `/api/admin/discounts/${discount.id}/allocate/${otherAllocation}`,
        ),
      ),
    ).toEqual([404, 'not_found']);
    const removed = await consoleCall(
      marketing,
      'DELETE',
      `/api/admin/offers/${offer.id}/allocate/${offerAllocation}`,
    );
    expect(dataOf(removed)).toEqual({ id: offerAllocation, deleted: true });
    expect(idsOf(await consoleCall(mine.token, 'GET', '/api/admin/offers/mine'))).not.toContain(offer.id);
    expect(idsOf(await consoleCall(other.token, 'GET', '/api/admin/offers/mine'))).toContain(offer.id);
    expect(await auditOf(admin, offer.id)).toContain('offer.allocation_removed');
  });

  it('when discounts and offers are for the storefront, then the b2c lists show those valid now and not those for tenants', async () => {
    const b2c = await created('discounts', { name: 'Storefront 5%', percentBps: 500 });
    const future = await created('offers', {
      title: 'Next month',
      validFrom: new Date(Date.now() + day).toISOString(),
      validUntil: new Date(Date.now() + 2 * day).toISOString(),
    });
    const forTenants = await created('offers', { title: 'Agents only', audience: 'tenants' });
    expect(idsOf(await publicCall('GET', '/api/discounts/b2c?limit=100'))).toContain(b2c.id);
    const offers = idsOf(await publicCall('GET', '/api/offers/b2c?limit=100'));
    expect(offers).not.toContain(future.id);
    expect(offers).not.toContain(forTenants.id);
    expect(codeOf(await publicCall('GET', '/api/offers/b2c?limit=0'))).toEqual([400, 'bad_request']);
    // A b2c discount prices every storefront offer: it goes, so later suites' storefront prices are plain.
    expect((await consoleCall(marketing, 'DELETE', `/api/admin/discounts/${b2c.id}`)).status).toBe(200);
  });

  it('when a voucher is previewed on the storefront, then the discount is shown, nothing is used, and bad codes are 404 or 409', async () => {
    const code = newCode('WELCOME');
    const voucher = await created('vouchers', {
      code,
      percentBps: 1000,
      maxDiscount: 750,
      service: 'flight',
      maxRedemptions: 1,
    });
    const small = await publicCall('POST', '/api/vouchers/apply', { code, service: 'flight', amount: 5_005 });
    expect(dataOf<Preview>(small)).toMatchObject({ voucherId: voucher.id, discount: 500, total: 4_505 });
    expect(small.headers.get('ratelimit-limit')).toBe('30');
    const capped = await publicCall('POST', '/api/vouchers/apply', {
      code,
      service: 'flight',
      amount: 100_000,
    });
    expect(dataOf<Preview>(capped).discount).toBe(750);
    expect(
      codeOf(await publicCall('POST', '/api/vouchers/apply', { code, service: 'hotel', amount: 5000 })),
    ).toEqual([409, 'conflict']);
    expect(
      codeOf(
        await publicCall('POST', '/api/vouchers/apply', {
          code: 'NOSUCHCODE',
          service: 'flight',
          amount: 5000,
        }),
      ),
    ).toEqual([404, 'not_found']);
    const bad = await publicCall('POST', '/api/vouchers/apply', { code, service: 'train', amount: -1 });
    expect(
      (bad.body as { error: { details: { path: string }[] } }).error.details.map((d) => d.path).sort(),
    ).toEqual(['amount', 'service']);
    const list = await consoleCall(marketing, 'GET', '/api/admin/vouchers?limit=100');
    expect((list.body as { data: Promotion[] }).data.find((v) => v.id === voucher.id)?.redeemedCount).toBe(0);
  });

  it("when vouchers are allocated to a customer, then the customer's promo codes list them and staff tokens are refused", async () => {
    const customer = await registerCustomer();
    const voucher = await created('vouchers', {
      code: newCode('CUS'),
      amount: 300,
      audience: 'customers',
      maxRedemptionsPerHolder: 1,
    });
    const allocated = await consoleCall(marketing, 'POST', `/api/admin/vouchers/${voucher.id}/allocate`, {
      customerId: customer.user.id,
    });
    expect(dataOf<{ customerId: string }>(allocated).customerId).toBe(customer.user.id);
    const res = await call('GET', '/api/wallet/promo-codes', { headers: customer.headers });
    await expectDocumented('GET', '/api/wallet/promo-codes', res);
    expect(idsOf(res)).toEqual([voucher.id]);
    const asStaff = await call('GET', '/api/wallet/promo-codes', {
      headers: { authorization: `Bearer ${marketing}` },
    });
    await expectDocumented('GET', '/api/wallet/promo-codes', asStaff);
    expect(asStaff.status).toBe(401);
  });

  it('when one address previews more than 30 times a minute, then it is 429 with Retry-After', async () => {
    const body = { code: 'NOSUCHCODE', service: 'flight', amount: 1000 };
    let last: ApiResponse | undefined;
    for (let attempt = 0; attempt < 31; attempt += 1) {
      last = await publicCall('POST', '/api/vouchers/apply', body);
      if (last.status === 429) break;
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

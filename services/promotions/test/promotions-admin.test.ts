import { wireCallers } from '@travel/testkit';
import {
  admin,
  bookingJob,
  codeOf,
  createVoucher,
  customer,
  detailsOf,
  type Promotions,
  startPromotions,
  tenant,
} from './promotions.fixture';

let promotions: Promotions;
beforeAll(async () => {
  promotions = await startPromotions();
});
afterAll(() => promotions.stop());

const day = 86_400_000;
const create = (kind: string, fields: object) =>
  promotions.client.createPromotion({ caller: admin, kind, fields });

describe('promotions administration', () => {
  it('when started, then grpc.health.v1 reports it and the store SERVING', async () => {
    for (const name of ['', 'mongodb']) expect(await promotions.service.health(name)).toBe('SERVING');
  });

  it('when fields break the rules, then bad_request names each of them and nothing is created', async () => {
    const now = promotions.clock.now();
    const details = await detailsOf(
      create('discount', {
        name: 'Monsoon',
        percentBps: 10_001,
        validFrom: now,
        validUntil: new Date(now.getTime() - 1000),
        audience: 'customers',
      }),
    );
    expect(details.map((detail) => detail.path).sort()).toEqual(['audience', 'percentBps', 'validUntil']);
    expect(
      await detailsOf(
        create('voucher', { code: 'PCT10', percentBps: 1000, validUntil: new Date(now.getTime() + day) }),
      ),
    ).toEqual([{ path: 'maxDiscount', message: 'is required for a percent voucher' }]);
    expect(
      (
        await detailsOf(
          create('voucher', { code: 'ZERO', amount: 0, validUntil: new Date(now.getTime() + day) }),
        )
      )[0]?.path,
    ).toBe('amount');
    const page = await promotions.client.listPromotions({ caller: admin, kind: 'discount', limit: 100 });
    expect(page.promotions.filter((promotion) => promotion.fields?.name === 'Monsoon')).toHaveLength(0);
  });

  it('when a code differs only in case, then the second voucher is a conflict, also when racing', async () => {
    const first = await createVoucher(promotions.client, promotions.clock);
    const code = first.fields?.code ?? '';
    expect(
      await codeOf(createVoucher(promotions.client, promotions.clock, { code: code.toLowerCase() })),
    ).toBe('conflict');
    const racing = `RACE${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        codeOf(
          createVoucher(promotions.client, promotions.clock, {
            code: index % 2 ? racing : racing.toLowerCase(),
          }),
        ),
      ),
    );
    expect(results.filter((result) => result === 'ok')).toHaveLength(1);
    const preview = await promotions.client.previewVoucher({
      caller: admin,
      code: code.toLowerCase(),
      service: 'flight',
      amount: 2000,
    });
    expect(preview).toMatchObject({ voucherId: first.id, discount: 500, total: 1500 });
  });

  it('when a voucher is updated, then given fields change, a percent replaces the amount, and limits only rise', async () => {
    const voucher = await createVoucher(promotions.client, promotions.clock, { maxRedemptions: 5 });
    const update = (fields: object) =>
      promotions.client.updatePromotion({ caller: admin, kind: 'voucher', id: voucher.id, fields });
    const updated = await update({ percentBps: 500, maxDiscount: 300, maxRedemptions: 10 });
    expect(updated.promotion?.fields).toMatchObject({
      percentBps: 500,
      maxDiscount: 300,
      maxRedemptions: 10,
    });
    expect(updated.promotion?.fields?.amount).toBeUndefined();
    expect(await codeOf(update({ maxRedemptions: 4 }))).toBe('conflict');
    expect(await codeOf(update({ maxRedemptionsPerHolder: 1 }))).toBe('conflict');
    expect(
      await codeOf(
        promotions.client.updatePromotion({ caller: admin, kind: 'voucher', id: 'vch_0', fields: {} }),
      ),
    ).toBe('not_found');
  });

  it('when discounts and offers go to b2c or to allocated tenants, then b2c and mine list only what is valid for them', async () => {
    const now = promotions.clock.now();
    const valid = { validFrom: now, validUntil: new Date(now.getTime() + day) };
    const b2c = await create('discount', { name: 'B2C 5%', percentBps: 500, ...valid, audience: 'b2c' });
    const forTenants = await create('offer', { title: 'Goa', ...valid, audience: 'tenants' });
    const later = await create('discount', {
      name: 'Later',
      amount: 100,
      validFrom: new Date(now.getTime() + day),
      validUntil: new Date(now.getTime() + 2 * day),
    });
    const mine = tenant();
    const offerId = forTenants.promotion?.id ?? '';
    const allocation = await promotions.client.allocate({
      caller: admin,
      kind: 'offer',
      promotionId: offerId,
      holder: mine,
    });
    expect(allocation.allocation?.id).toMatch(/^alc_\d+$/);

    const b2cIds = (
      await promotions.client.listActivePromotions({ kind: 'discount', limit: 100 })
    ).promotions.map((p) => p.id);
    expect(b2cIds).toContain(b2c.promotion?.id);
    expect(b2cIds).not.toContain(later.promotion?.id);
    const mineIds = async (tenantId: string) =>
      (
        await promotions.client.listActivePromotions({
          caller: wireCallers.tenantStaff(tenantId, ['bookings']),
          kind: 'offer',
          limit: 100,
        })
      ).promotions.map((p) => p.id);
    expect(await mineIds(mine.tenantId)).toEqual([offerId]);
    expect(await mineIds(tenant().tenantId)).toEqual([]);
    expect(
      (await promotions.client.listActivePromotions({ kind: 'offer', limit: 100 })).promotions.map(
        (p) => p.id,
      ),
    ).not.toContain(offerId);

    // Allocation rules: b2c takes none, a tenant audience takes tenants, twice is a conflict, another's id is 404.
    expect(
      await codeOf(
        promotions.client.allocate({
          caller: admin,
          kind: 'discount',
          promotionId: b2c.promotion?.id ?? '',
          holder: mine,
        }),
      ),
    ).toBe('bad_request');
    expect(
      await codeOf(
        promotions.client.allocate({
          caller: admin,
          kind: 'offer',
          promotionId: offerId,
          holder: customer(),
        }),
      ),
    ).toBe('bad_request');
    expect(
      await codeOf(
        promotions.client.allocate({ caller: admin, kind: 'offer', promotionId: offerId, holder: mine }),
      ),
    ).toBe('conflict');
    const removeFrom = (promotionId: string) =>
      promotions.client.removeAllocation({
        caller: admin,
        kind: 'offer',
        promotionId,
        allocationId: allocation.allocation?.id ?? '',
      });
    expect(await codeOf(removeFrom('ofr_0'))).toBe('not_found');
    await removeFrom(offerId);
    expect(await mineIds(mine.tenantId)).toEqual([]);
  });

  it("when vouchers are allocated to a customer, then the customer's promo codes are the valid ones not used up", async () => {
    const holder = customer();
    const allocated = async (fields: object) => {
      const voucher = await createVoucher(promotions.client, promotions.clock, {
        audience: 'customers',
        ...fields,
      });
      await promotions.client.allocate({
        caller: admin,
        kind: 'voucher',
        promotionId: voucher.id,
        holder,
      });
      return voucher;
    };
    const usable = await allocated({ maxRedemptionsPerHolder: 2 });
    const usedUp = await allocated({ maxRedemptionsPerHolder: 1 });
    await promotions.client.redeemVoucher({
      caller: bookingJob,
      code: usedUp.fields?.code ?? '',
      bookingId: `bkg_${holder.customerId}`,
      holder,
      service: 'flight',
      amount: 3000,
    });
    const page = await promotions.client.listCustomerVouchers({
      caller: wireCallers.customer(undefined, holder.customerId),
      limit: 10,
    });
    expect(page.promotions.map((voucher) => voucher.id)).toEqual([usable.id]);
    expect(
      await codeOf(
        promotions.client.listCustomerVouchers({
          caller: wireCallers.customer(undefined, holder.customerId),
          limit: 0,
        }),
      ),
    ).toBe('bad_request');
  });

  it("when a tenant has automatic discounts, then a price gets the largest that applies to its service and amount, and another tenant's none", async () => {
    const now = promotions.clock.now();
    const valid = { validFrom: now, validUntil: new Date(now.getTime() + day), audience: 'tenants' };
    const holder = tenant();
    for (const fields of [
      { name: 'Flights 10%', service: 'flight', percentBps: 1000, maxDiscount: 300, ...valid },
      { name: 'Big baskets', amount: 200, minAmount: 5000, ...valid },
    ]) {
      const made = await create('discount', fields);
      await promotions.client.allocate({
        caller: admin,
        kind: 'discount',
        promotionId: made.promotion?.id ?? '',
        holder,
      });
    }
    const best = (service: string, amount: number, tenantId = holder.tenantId) =>
      promotions.client.bestDiscount({ service, amount, tenantId });
    expect(await best('flight', 4000)).toMatchObject({ name: 'Flights 10%', discount: 300 });
    expect((await best('hotel', 1000)).discount).toBe(0);
    expect(await best('hotel', 6000)).toMatchObject({ name: 'Big baskets', discount: 200 });
    expect((await best('flight', 4000, tenant().tenantId)).discount).toBe(0);
  });

  it('when a list is paged, then the cursor continues newest first without repeats, and a forged cursor is bad_request', async () => {
    for (let index = 0; index < 3; index += 1) await createVoucher(promotions.client, promotions.clock);
    const first = await promotions.client.listPromotions({ caller: admin, kind: 'voucher', limit: 2 });
    expect(first.nextCursor).toBeDefined();
    const second = await promotions.client.listPromotions({
      caller: admin,
      kind: 'voucher',
      limit: 2,
      cursor: first.nextCursor,
    });
    const ids = [...first.promotions, ...second.promotions].map((voucher) => voucher.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      await codeOf(
        promotions.client.listPromotions({ caller: admin, kind: 'voucher', limit: 2, cursor: 'bm9wZQ' }),
      ),
    ).toBe('bad_request');
  });

  it('when a promotion is deleted, then it is gone and its code is free', async () => {
    const voucher = await createVoucher(promotions.client, promotions.clock);
    expect(
      await promotions.client.deletePromotion({ caller: admin, kind: 'voucher', id: voucher.id }),
    ).toEqual({ id: voucher.id });
    expect(
      await codeOf(promotions.client.deletePromotion({ caller: admin, kind: 'voucher', id: voucher.id })),
    ).toBe('not_found');
    expect(
      await codeOf(createVoucher(promotions.client, promotions.clock, { code: voucher.fields?.code })),
    ).toBe('ok');
  });
});

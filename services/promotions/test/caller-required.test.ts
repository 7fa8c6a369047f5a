import { wireCallers } from '@travel/testkit';
import {
  admin,
  bookingJob,
  codeOf,
  createVoucher,
  type Promotions,
  startPromotions,
  tenant,
} from './promotions.fixture';

jest.setTimeout(60_000);

// Fail closed (issue 30): promotions are the platform's to manage, a tenant's staff see only their own
// tenant's allocations, and only booking's own job redeems, confirms or releases a voucher.
let promotions: Promotions;

beforeAll(async () => {
  promotions = await startPromotions();
});
afterAll(async () => {
  await promotions?.stop();
});

describe('promotions callers', () => {
  it('when a scoped method is called without a caller, then it is refused and nothing changes', async () => {
    const voucher = await createVoucher(promotions.client, promotions.clock, { maxRedemptions: 1 });
    const id = voucher?.id ?? '';
    const code = voucher?.fields?.code ?? '';
    const { client } = promotions;
    const refused = [
      client.createPromotion({ kind: 'voucher', fields: {} }),
      client.updatePromotion({ kind: 'voucher', id, fields: { maxRedemptions: 5 } }),
      client.deletePromotion({ kind: 'voucher', id }),
      client.listPromotions({ kind: 'voucher', limit: 10 }),
      client.allocate({ kind: 'voucher', promotionId: id, holder: tenant() }),
      client.listCustomerVouchers({ limit: 10 }),
      client.previewVoucher({ code, service: 'flight', amount: 1000 }),
      client.redeemVoucher({ code, bookingId: 'bkg_1', holder: tenant(), service: 'flight', amount: 1000 }),
      client.confirmRedemption({ bookingId: 'bkg_1' }),
      client.releaseRedemption({ bookingId: 'bkg_1' }),
    ];
    for (const call of refused) expect(await codeOf(call)).toBe('forbidden');
    const listed = await client.listPromotions({ caller: admin, kind: 'voucher', limit: 100 });
    const stored = listed.promotions.find((one) => one.id === id);
    expect({
      max: stored?.fields?.maxRedemptions,
      redeemed: stored?.redeemedCount,
      allocations: stored?.allocations,
    }).toEqual({ max: 1, redeemed: 0, allocations: [] });
    // Only the booking's job redeems: the one redemption is still there for it.
    const redeemed = client.redeemVoucher({
      caller: bookingJob,
      code,
      bookingId: 'bkg_1',
      holder: tenant(),
      service: 'flight',
      amount: 1000,
    });
    expect(await codeOf(redeemed)).toBe('ok');
  });

  it("when tenant A's staff list their offers, then they see A's allocations only, whoever else holds one", async () => {
    const now = promotions.clock.now();
    const fields = {
      title: 'Goa',
      validFrom: now,
      validUntil: new Date(now.getTime() + 86_400_000),
      audience: 'tenants',
    };
    const { promotion } = await promotions.client.createPromotion({ caller: admin, kind: 'offer', fields });
    const offerId = promotion?.id ?? '';
    const [a, b] = [tenant(), tenant()];
    await promotions.client.allocate({ caller: admin, kind: 'offer', promotionId: offerId, holder: b });
    const mine = (holder: { tenantId: string }) =>
      promotions.client.listActivePromotions({
        caller: wireCallers.tenantStaff(holder.tenantId, ['bookings']),
        kind: 'offer',
        limit: 100,
      });
    expect((await mine(a)).promotions.map((one) => one.id)).not.toContain(offerId);
    expect((await mine(b)).promotions.map((one) => one.id)).toContain(offerId);
    // Tenant staff cannot manage promotions, whatever rights their role names.
    const staffA = wireCallers.tenantStaff(a.tenantId, ['offers', 'bookings']);
    expect(
      await codeOf(
        promotions.client.allocate({ caller: staffA, kind: 'offer', promotionId: offerId, holder: a }),
      ),
    ).toBe('forbidden');
    expect((await mine(a)).promotions.map((one) => one.id)).not.toContain(offerId);
  });
});

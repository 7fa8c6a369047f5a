import { waitFor } from '@travel/testkit';
import {
  admin,
  bookingJob,
  codeOf,
  createVoucher,
  customer,
  type Promotions,
  startPromotions,
  tenant,
} from './promotions.fixture';

let promotions: Promotions;
beforeAll(async () => {
  promotions = await startPromotions();
});
afterAll(() => promotions.stop());

const redeem = (code: string, bookingId: string, holder: object, amount = 10_000, service = 'flight') =>
  promotions.client.redeemVoucher({ caller: bookingJob, code, bookingId, holder, service, amount });

const countOf = async (id: string) => {
  const page = await promotions.client.listPromotions({ caller: admin, kind: 'voucher', limit: 100 });
  return page.promotions.find((voucher) => voucher.id === id)?.redeemedCount;
};

describe('voucher redemption', () => {
  it('when 30 bookings redeem a voucher of maxRedemptions 5 at once, then exactly 5 get it, and after a restart the count is 5', async () => {
    const voucher = await createVoucher(promotions.client, promotions.clock, { maxRedemptions: 5 });
    const code = voucher.fields?.code ?? '';
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, index) => codeOf(redeem(code, `bkg_race_${index}`, customer()))),
    );
    expect(results.filter((result) => result === 'ok')).toHaveLength(5);
    expect(results.filter((result) => result === 'conflict')).toHaveLength(25);
    expect(await countOf(voucher.id)).toBe(5);
    await promotions.restart();
    expect(await countOf(voucher.id)).toBe(5);
    expect(await codeOf(redeem(code, 'bkg_race_late', customer()))).toBe('conflict');
  });

  it('when one customer redeems a voucher of maxRedemptionsPerHolder 2 ten times at once, then exactly 2 succeed and others still may', async () => {
    const voucher = await createVoucher(promotions.client, promotions.clock, { maxRedemptionsPerHolder: 2 });
    const code = voucher.fields?.code ?? '';
    const holder = customer();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        codeOf(redeem(code, `bkg_${holder.customerId}_${index}`, holder)),
      ),
    );
    expect(results.filter((result) => result === 'ok')).toHaveLength(2);
    expect(await countOf(voucher.id)).toBe(2);
    expect(await codeOf(redeem(code, 'bkg_other_customer', customer()))).toBe('ok');
  });

  it('when the same booking redeems twice, then it holds one redemption', async () => {
    const voucher = await createVoucher(promotions.client, promotions.clock, { maxRedemptions: 3 });
    const code = voucher.fields?.code ?? '';
    const holder = customer();
    const first = await redeem(code, 'bkg_twice', holder);
    const second = await redeem(code, 'bkg_twice', holder);
    expect(second.redemption?.id).toBe(first.redemption?.id);
    expect(await countOf(voucher.id)).toBe(1);
  });

  it('when the voucher ends at T, then it redeems at T − 1 s and is refused as expired at T', async () => {
    const from = promotions.clock.now();
    const until = new Date(Math.floor(from.getTime() / 1000) * 1000 + 3_600_000);
    const voucher = await createVoucher(promotions.client, promotions.clock, {
      validFrom: from,
      validUntil: until,
    });
    const code = voucher.fields?.code ?? '';
    try {
      promotions.clock.set(new Date(until.getTime() - 1000));
      expect(await codeOf(redeem(code, 'bkg_before_end', customer()))).toBe('ok');
      promotions.clock.set(until);
      await expect(redeem(code, 'bkg_at_end', customer())).rejects.toMatchObject({
        code: 'conflict',
        message: 'The voucher has expired.',
      });
    } finally {
      promotions.clock.set(new Date());
    }
  });

  it('when a percent voucher is capped, then the discount is the percent below the cap and the cap above it', async () => {
    const voucher = await createVoucher(promotions.client, promotions.clock, {
      amount: undefined,
      percentBps: 1000,
      maxDiscount: 750,
    });
    const code = voucher.fields?.code ?? '';
    const small = await promotions.client.previewVoucher({
      caller: admin,
      code,
      service: 'hotel',
      amount: 5_005,
    });
    expect(small).toMatchObject({ discount: 500, total: 4_505 });
    const large = await redeem(code, 'bkg_capped', customer(), 100_000);
    expect(large.redemption?.discount).toBe(750);
  });

  it('when a confirmed booking is cancelled and the event is delivered twice, then its redemption comes back once', async () => {
    const voucher = await createVoucher(promotions.client, promotions.clock, { maxRedemptions: 2 });
    const code = voucher.fields?.code ?? '';
    await redeem(code, 'bkg_cancel_a', customer());
    await redeem(code, 'bkg_cancel_b', customer());
    await promotions.publishBooking('booking.created', 'bkg_cancel_a');
    await waitFor(async () => {
      const confirmed = await promotions.client.confirmRedemption({
        caller: bookingJob,
        bookingId: 'bkg_cancel_a',
      });
      expect(confirmed.redemption?.status).toBe('confirmed');
    });
    const eventId = await promotions.publishBooking('booking.cancelled', 'bkg_cancel_a');
    await waitFor(async () => expect(await countOf(voucher.id)).toBe(1));
    // The slot goes to another booking; the same cancellation again (same id, then a new id) frees nothing.
    await redeem(code, 'bkg_cancel_c', customer());
    await promotions.publishBooking('booking.cancelled', 'bkg_cancel_a', eventId);
    await promotions.publishBooking('booking.cancelled', 'bkg_cancel_a');
    await waitFor(async () => expect(await promotions.caughtUp()).toBe(true));
    expect(await countOf(voucher.id)).toBe(2);
    expect(await codeOf(redeem(code, 'bkg_cancel_d', customer()))).toBe('conflict');
  });
  it('when a booking reserved under its attempt key confirms with its id, then cancelling that id frees the redemption and its holder slot', async () => {
    const voucher = await createVoucher(promotions.client, promotions.clock, {
      maxRedemptions: 1,
      maxRedemptionsPerHolder: 1,
    });
    const code = voucher.fields?.code ?? '';
    const holder = customer();
    await redeem(code, 'att_rebind', holder);
    const confirmed = await promotions.client.confirmRedemption({
      caller: bookingJob,
      bookingId: 'bkg_rebind',
      reservationKey: 'att_rebind',
    });
    expect(confirmed.redemption).toMatchObject({ bookingId: 'bkg_rebind', status: 'confirmed' });
    await promotions.publishBooking('booking.cancelled', 'bkg_rebind');
    await waitFor(async () => expect(await promotions.caughtUp()).toBe(true));
    expect(await countOf(voucher.id)).toBe(0);
    expect(await codeOf(redeem(code, 'bkg_rebind_again', holder))).toBe('ok');
  });

  it("when a tenant's booking lost its own confirmation, then its booking.created (naming the reservation key) confirms and binds it, and its cancellation frees it once", async () => {
    const voucher = await createVoucher(promotions.client, promotions.clock, {
      maxRedemptions: 1,
      maxRedemptionsPerHolder: 1,
    });
    const code = voucher.fields?.code ?? '';
    const holder = tenant();
    await redeem(code, 'att_offline', holder);
    await promotions.publishBooking('booking.created', 'bkg_offline', undefined, 'att_offline');
    await waitFor(async () => {
      // Asking again is idempotent: it answers the redemption now bound to the booking.
      const { redemption } = await promotions.client.confirmRedemption({
        caller: bookingJob,
        bookingId: 'bkg_offline',
      });
      expect(redemption).toMatchObject({ bookingId: 'bkg_offline', status: 'confirmed' });
    });
    // Past its reservation time it stays: the sweeper frees only reservations nobody confirmed.
    try {
      promotions.clock.advance(16 * 60_000);
      await promotions.expireReservations();
      expect(await countOf(voucher.id)).toBe(1);
    } finally {
      promotions.clock.set(new Date());
    }
    const eventId = await promotions.publishBooking('booking.cancelled', 'bkg_offline');
    await waitFor(async () => expect(await countOf(voucher.id)).toBe(0));
    await promotions.publishBooking('booking.cancelled', 'bkg_offline', eventId);
    await redeem(code, 'att_offline_next', holder);
    await promotions.publishBooking('booking.cancelled', 'bkg_offline');
    await waitFor(async () => expect(await promotions.caughtUp()).toBe(true));
    expect(await countOf(voucher.id)).toBe(1);
  });

  it('when a booking fails after redeeming, then ReleaseRedemption leaves no redemption, also when called twice', async () => {
    const voucher = await createVoucher(promotions.client, promotions.clock, { maxRedemptions: 1 });
    const code = voucher.fields?.code ?? '';
    await redeem(code, 'bkg_failed', customer());
    const released = await promotions.client.releaseRedemption({
      caller: bookingJob,
      bookingId: 'bkg_failed',
    });
    expect(released.redemption?.status).toBe('released');
    expect(
      (await promotions.client.releaseRedemption({ caller: bookingJob, bookingId: 'bkg_failed' })).redemption,
    ).toBeUndefined();
    expect(await countOf(voucher.id)).toBe(0);
    expect(await codeOf(redeem(code, 'bkg_next', customer()))).toBe('ok');
  });

  it('when no booking confirms a reservation in time, then the sweeper gives it back, and a confirmed one stays', async () => {
    const voucher = await createVoucher(promotions.client, promotions.clock, { maxRedemptions: 2 });
    const code = voucher.fields?.code ?? '';
    await redeem(code, 'bkg_crashed', customer());
    await redeem(code, 'bkg_confirmed', customer());
    await promotions.client.confirmRedemption({ caller: bookingJob, bookingId: 'bkg_confirmed' });
    try {
      promotions.clock.advance(16 * 60_000);
      await promotions.expireReservations();
      expect(await countOf(voucher.id)).toBe(1);
      expect(
        (await promotions.client.confirmRedemption({ caller: bookingJob, bookingId: 'bkg_crashed' }))
          .redemption,
      ).toBeUndefined();
    } finally {
      promotions.clock.set(new Date());
    }
  });

  it('when a voucher is allocated to a tenant, then that tenant redeems it and another tenant or a customer finds no such voucher', async () => {
    const voucher = await createVoucher(promotions.client, promotions.clock, { audience: 'tenants' });
    const code = voucher.fields?.code ?? '';
    const mine = tenant();
    await promotions.client.allocate({
      caller: admin,
      kind: 'voucher',
      promotionId: voucher.id,
      holder: mine,
    });
    expect(await codeOf(redeem(code, 'bkg_tenant_own', mine))).toBe('ok');
    expect(await codeOf(redeem(code, 'bkg_tenant_other', tenant()))).toBe('not_found');
    expect(await codeOf(redeem(code, 'bkg_tenant_customer', customer()))).toBe('not_found');
    expect(
      await codeOf(
        promotions.client.previewVoucher({ code, service: 'car', amount: 900, publicPreview: true }),
      ),
    ).toBe('not_found');
  });
});

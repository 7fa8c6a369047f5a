import { paymentEvents } from '@travel/contracts';
import { freshIdempotency, uniqueName, waitFor } from '@travel/testkit';
import { type Billing, bookingJob, codeOf, staff, startBilling } from './billing.fixture';

// Storefront money (issue 12): the wallet ledger never goes below zero, a booking is paid exactly once
// however often it is asked, and a cancel refunds at most what was paid, once.
let world: Billing;

beforeAll(async () => {
  world = await startBilling();
});
afterAll(async () => {
  await world?.stop();
});

const newCustomer = () => uniqueName('cus');
let bookingNumber = Date.now() % 1_000_000_000;
const newBooking = () => `bkg_${++bookingNumber}`;
const topUp = (customerId: string, amount: number) =>
  world.wallet.topUpWallet({ caller: staff, customerId, amount, note: 'test credit', ...freshIdempotency() });
const walletOf = (customerId: string) =>
  world.wallet.getWallet({ caller: bookingJob, customerId, limit: 100 });
const eventsOf = (type: string, bookingId: string) =>
  world.paid.filter(
    (event) =>
      event.type === type &&
      (type === 'payment.captured'
        ? paymentEvents.PaymentEvent.decode(event.payload).bookingId
        : paymentEvents.RefundEvent.decode(event.payload).bookingId) === bookingId,
  );

/** The ledger adds up: credits minus debits is the balance, nothing waits half-written, and it is never negative. */
async function expectLedgerAddsUp(customerId: string) {
  const all = await world.db.collection('wallet_entries').find({ customerId }).toArray();
  const sum = all.reduce(
    (total, entry) => total + (entry.type === 'credit' ? entry.amount : -entry.amount),
    0,
  );
  const wallet = await world.db.collection('wallets').findOne({ _id: customerId as never });
  expect(wallet?.pending).toEqual([]);
  expect(wallet?.balance).toBe(sum);
  expect(sum).toBeGreaterThanOrEqual(0);
  expect((await walletOf(customerId)).balance).toBe(sum);
  return sum;
}

describe('wallet payments', () => {
  it('when a booking is paid with the wallet, then the wallet pays what it can and the gateway the rest, exactly', async () => {
    const customerId = newCustomer();
    await topUp(customerId, 700);
    const bookingId = newBooking();
    const { payment } = await world.wallet.payBooking({
      caller: bookingJob,
      bookingId,
      customerId,
      total: 2500,
      useWallet: true,
    });
    expect(payment).toMatchObject({ bookingId, total: 2500, walletPaid: 700, charged: 1800 });
    expect(payment?.gatewayReference).toMatch(/^sim_/);
    const after = await walletOf(customerId);
    expect(after.balance).toBe(0);
    expect(after.entries.map((e) => [e.type, e.reason, e.amount])).toEqual([
      ['debit', 'booking_payment', 700],
      ['credit', 'top_up', 700],
    ]);
    await waitFor(() => expect(eventsOf('payment.captured', bookingId)).toHaveLength(1));
    const event = world.paid.find((e) => e.type === 'payment.captured');
    expect(event).toMatchObject({ tenantId: '', clientId: '', livemode: true });
  });

  it('when the wallet covers the whole total, then nothing is charged and no gateway reference is made', async () => {
    const customerId = newCustomer();
    await topUp(customerId, 5000);
    const { payment } = await world.wallet.payBooking({
      caller: bookingJob,
      bookingId: newBooking(),
      customerId,
      total: 1200,
      useWallet: true,
    });
    expect(payment).toMatchObject({ walletPaid: 1200, charged: 0 });
    expect(payment?.gatewayReference).toBeUndefined();
    expect((await walletOf(customerId)).balance).toBe(3800);
  });

  it('when a payment is asked again, also by 10 racing calls, then it is the same payment and the wallet paid once', async () => {
    const customerId = newCustomer();
    await topUp(customerId, 1000);
    const bookingId = newBooking();
    const request = { caller: bookingJob, bookingId, customerId, total: 1500, useWallet: true };
    const replies = await Promise.all(Array.from({ length: 10 }, () => world.wallet.payBooking(request)));
    const again = await world.wallet.payBooking(request);
    for (const reply of [...replies, again]) expect(reply.payment).toEqual(replies[0]?.payment);
    expect(replies[0]?.payment).toMatchObject({ walletPaid: 1000, charged: 500 });
    expect(await expectLedgerAddsUp(customerId)).toBe(0);
    expect(await world.db.collection('wallet_entries').countDocuments({ bookingId })).toBe(1);
    await waitFor(() => expect(eventsOf('payment.captured', bookingId)).toHaveLength(1));
  });

  it('when 20 bookings of one customer are paid at once from a wallet that covers only some, then the balance never goes below zero and the ledger adds up', async () => {
    const customerId = newCustomer();
    await topUp(customerId, 2500); // covers two bookings of 1000 and half of a third
    const bookings = Array.from({ length: 20 }, newBooking);
    const replies = await Promise.all(
      bookings.map((bookingId) =>
        world.wallet.payBooking({ caller: bookingJob, bookingId, customerId, total: 1000, useWallet: true }),
      ),
    );
    const paidFromWallet = replies.reduce((sum, reply) => sum + (reply.payment?.walletPaid ?? 0), 0);
    expect(paidFromWallet).toBe(2500);
    for (const reply of replies)
      expect((reply.payment?.walletPaid ?? 0) + (reply.payment?.charged ?? 0)).toBe(1000);
    expect(await expectLedgerAddsUp(customerId)).toBe(0);
  });

  it("when a customer asks for another customer's payment, then it is not found", async () => {
    const bookingId = newBooking();
    await world.wallet.payBooking({
      caller: bookingJob,
      bookingId,
      customerId: newCustomer(),
      total: 100,
      useWallet: false,
    });
    expect(
      await codeOf(
        world.wallet.payBooking({
          caller: bookingJob,
          bookingId,
          customerId: newCustomer(),
          total: 100,
          useWallet: false,
        }),
      ),
    ).toBe('not_found');
  });
});

describe('a crash between the two wallet writes', () => {
  it('when the balance moved but the entry never reached the ledger, then the next touch finishes it and the payment retry uses that share', async () => {
    const customerId = newCustomer();
    await topUp(customerId, 1000);
    const bookingId = newBooking();
    // What a crash right after the wallet's conditional update leaves: the move applied, its entry pending.
    await world.db.collection('wallets').updateOne(
      { _id: customerId as never },
      {
        $inc: { balance: -400 },
        $push: {
          pending: {
            _id: 'wle_crashed_1',
            seq: 2_000_000_000,
            customerId,
            key: `booking:${bookingId}`,
            type: 'debit',
            reason: 'booking_payment',
            amount: 400,
            bookingId,
            note: null,
            createdAt: new Date(Date.now() - 60_000),
          },
        } as never,
      },
    );
    expect((await walletOf(customerId)).entries.map((e) => e.amount)).toEqual([400, 1000]);
    const { payment } = await world.wallet.payBooking({
      caller: bookingJob,
      bookingId,
      customerId,
      total: 1000,
      useWallet: true,
    });
    expect(payment).toMatchObject({ walletPaid: 400, charged: 600 });
    expect(await expectLedgerAddsUp(customerId)).toBe(600);
  });
});

describe('refunds', () => {
  it('when a refundable booking is refunded, then everything paid goes back to the wallet once, newest first in the list', async () => {
    const customerId = newCustomer();
    await topUp(customerId, 300);
    const first = newBooking();
    await world.wallet.payBooking({
      caller: bookingJob,
      bookingId: first,
      customerId,
      total: 1000,
      useWallet: true,
    });
    const refunds = await Promise.all(
      Array.from({ length: 5 }, () =>
        world.wallet.refundBooking({ caller: bookingJob, bookingId: first, customerId, refundable: true }),
      ),
    );
    for (const reply of refunds) expect(reply.refund).toEqual(refunds[0]?.refund);
    expect(refunds[0]?.refund).toMatchObject({ amount: 1000, status: 'completed' });
    expect(await expectLedgerAddsUp(customerId)).toBe(1000);
    // A refund is never asked twice with another answer: `refundable` cannot grow what was decided.
    const again = await world.wallet.refundBooking({
      caller: bookingJob,
      bookingId: first,
      customerId,
      refundable: false,
    });
    expect(again.refund).toEqual(refunds[0]?.refund);

    const second = newBooking();
    await world.wallet.payBooking({
      caller: bookingJob,
      bookingId: second,
      customerId,
      total: 400,
      useWallet: false,
    });
    const none = await world.wallet.refundBooking({
      caller: bookingJob,
      bookingId: second,
      customerId,
      refundable: false,
    });
    expect(none.refund).toMatchObject({ amount: 0, status: 'not_refundable' });
    expect(await expectLedgerAddsUp(customerId)).toBe(1000);
    const listed = await world.wallet.listRefunds({ caller: bookingJob, customerId, limit: 1 });
    expect(listed.refunds.map((r) => r.bookingId)).toEqual([second]);
    const next = await world.wallet.listRefunds({
      caller: bookingJob,
      customerId,
      limit: 1,
      cursor: listed.nextCursor,
    });
    expect(next.refunds.map((r) => r.bookingId)).toEqual([first]);
    expect(next.nextCursor).toBeUndefined();
    await waitFor(() => expect(eventsOf('refund.completed', first)).toHaveLength(1));
    expect(eventsOf('refund.completed', second)).toHaveLength(0);
  });

  it('when a booking that was never paid is refunded, then not found and nothing is credited', async () => {
    const customerId = newCustomer();
    expect(
      await codeOf(
        world.wallet.refundBooking({
          caller: bookingJob,
          bookingId: newBooking(),
          customerId,
          refundable: true,
        }),
      ),
    ).toBe('not_found');
    expect((await walletOf(customerId)).balance).toBe(0);
  });

  it('when a wallet page is asked with a cursor of another list, or a bad limit, then bad_request', async () => {
    const customerId = newCustomer();
    expect(await codeOf(world.wallet.getWallet({ caller: bookingJob, customerId, limit: 0 }))).toBe(
      'bad_request',
    );
    const refundCursor = Buffer.from('r1:5').toString('base64url');
    expect(
      await codeOf(
        world.wallet.getWallet({ caller: bookingJob, customerId, limit: 5, cursor: refundCursor }),
      ),
    ).toBe('bad_request');
  });
});

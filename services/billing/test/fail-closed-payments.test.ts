import { freshIdempotency, uniqueName, wireCallers } from '@travel/testkit';
import { type Billing, bookingJob, codeOf, staff, startBilling } from './billing.fixture';

// Issue 42: payments fail closed. Billing as production runs it (NODE_ENV=production, no PAYMENT_SIMULATOR):
// without a usable default gateway a card payment is refused before any provider is asked, nothing is
// charged, and the wallet's share goes back once.
let world: Billing;

beforeAll(async () => {
  world = await startBilling({ NODE_ENV: 'production', PAYMENT_SIMULATOR: 'false' });
});
afterAll(async () => {
  await world?.stop();
});

let nextBooking = Date.now() % 1_000_000_000;
const newBooking = () => `bkg_${nextBooking++}`;
const balanceOf = async (customerId: string) =>
  (
    await world.wallet.getWallet({
      caller: wireCallers.customer(undefined, customerId),
      customerId,
      limit: 100,
    })
  ).balance;
const pay = (bookingId: string, customerId: string, total: number, useWallet: boolean) =>
  world.wallet.payBooking({ caller: bookingJob, bookingId, customerId, total, useWallet });
const status = () => world.gateways.getPaymentStatus({ caller: staff });

describe('payments fail closed (production profile)', () => {
  it('when no gateway is the default, then the console says card payments are refused, and a card payment fails with nothing charged and the wallet share back once', async () => {
    expect(await status()).toMatchObject({
      cardPayments: 'refused',
      simulatorEnabled: false,
      refusal: 'no_gateway',
      defaultGatewayId: undefined,
    });
    const customerId = uniqueName('cus');
    await world.wallet.topUpWallet({ caller: staff, customerId, amount: 300, ...freshIdempotency() });
    const bookingId = newBooking();
    const first = (await pay(bookingId, customerId, 1000, true)).payment;
    expect(first).toMatchObject({
      status: 'failed',
      failure: 'no_gateway',
      walletPaid: 300,
      charged: 700,
      simulated: false,
    });
    expect(first?.gatewayReference).toBeUndefined();
    expect(first?.provider).toBeUndefined();
    expect(await balanceOf(customerId)).toBe(300);
    // Asked again (a retry, the settler): the same refusal, and the share is not given back twice.
    expect((await pay(bookingId, customerId, 1000, true)).payment).toEqual(first);
    expect(await balanceOf(customerId)).toBe(300);
    const entries = await world.db.collection('wallet_entries').find({ customerId, bookingId }).toArray();
    expect(entries.map((e) => [e.key, e.type, e.amount])).toEqual(
      expect.arrayContaining([
        [`booking:${bookingId}`, 'debit', 300],
        [`payment-failed:${bookingId}`, 'credit', 300],
      ]),
    );
    expect(entries).toHaveLength(2);
  });

  it('when the wallet pays all of it, then no gateway is needed and the payment is captured', async () => {
    const customerId = uniqueName('cus');
    await world.wallet.topUpWallet({ caller: staff, customerId, amount: 500, ...freshIdempotency() });
    const { payment } = await pay(newBooking(), customerId, 400, true);
    expect(payment).toMatchObject({ status: 'captured', walletPaid: 400, charged: 0 });
    expect(payment?.failure).toBeUndefined();
  });

  it('when the only gateway is the simulator, then it cannot be the default here, and the status stays refused', async () => {
    const { gateway } = await world.gateways.createPaymentGateway({
      caller: staff,
      provider: 'simulated',
      displayName: uniqueName('Simulated'),
      credentials: {},
    });
    expect(
      await codeOf(world.gateways.setDefaultPaymentGateway({ caller: staff, id: gateway?.id ?? '' })),
    ).toBe('bad_request');
    expect((await status()).cardPayments).toBe('refused');
  });

  it('when the default gateway was the simulator (set before it was switched off), then a card payment is refused as simulator_disabled', async () => {
    const { gateway } = await world.gateways.createPaymentGateway({
      caller: staff,
      provider: 'simulated',
      displayName: uniqueName('Simulated'),
      credentials: {},
    });
    const id = gateway?.id ?? '';
    // As a platform that ran with the simulator on left it: the default names it.
    await world.db
      .collection('payment_gateway_default')
      .updateOne({ _id: 'default' as never }, { $set: { gatewayId: id } }, { upsert: true });
    expect(await status()).toMatchObject({ cardPayments: 'refused', refusal: 'simulator_disabled' });
    const { payment } = await pay(newBooking(), uniqueName('cus'), 800, false);
    expect(payment).toMatchObject({ status: 'failed', failure: 'simulator_disabled', charged: 800 });
    await world.gateways.deletePaymentGateway({ caller: staff, id });
    expect(await status()).toMatchObject({ cardPayments: 'refused', refusal: 'no_gateway' });
  });
});

describe('the simulator where it is enabled (local and test profiles)', () => {
  let local: Billing;
  beforeAll(async () => {
    local = await startBilling();
  });
  afterAll(async () => {
    await local?.stop();
  });

  it('when no gateway is the default, then the console says simulated, and the simulator charges and says so', async () => {
    expect(await local.gateways.getPaymentStatus({ caller: staff })).toMatchObject({
      cardPayments: 'simulator',
      simulatorEnabled: true,
    });
    const { payment } = await local.wallet.payBooking({
      caller: bookingJob,
      bookingId: newBooking(),
      customerId: uniqueName('cus'),
      total: 900,
      useWallet: false,
    });
    expect(payment).toMatchObject({
      status: 'captured',
      charged: 900,
      simulated: true,
      provider: 'simulated',
    });
    expect(payment?.gatewayReference).toMatch(/^sim_/);
  });
});

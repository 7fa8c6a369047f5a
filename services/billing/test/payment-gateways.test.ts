import { uniqueName, watchAuditTrail } from '@travel/testkit';
import { type Billing, bookingJob, codeOf, staff, startBilling } from './billing.fixture';

// Payment gateways (issue 15): credentials sealed at rest and never answered; exactly one default.
let world: Billing;

beforeAll(async () => {
  world = await startBilling();
});
afterAll(async () => {
  await world?.stop();
});

const SECRET = 'sk_live_do-not-leak-4242';
const WEBHOOK_SECRET = 'whsec_do-not-leak-4242';
const create = (displayName = uniqueName('Gateway')) =>
  world.gateways.createPaymentGateway({
    caller: staff,
    provider: 'stripe',
    displayName,
    credentials: { secretKey: SECRET, webhookSecret: WEBHOOK_SECRET },
  });
/** A gateway through the built-in simulator: payments through it call no provider. */
const createSimulated = () =>
  world.gateways.createPaymentGateway({
    caller: staff,
    provider: 'simulated',
    displayName: uniqueName('Simulated'),
    credentials: {},
  });

describe('payment gateways', () => {
  it('when a gateway is made, then its credentials are stored sealed and never answered', async () => {
    const { gateway } = await create();
    expect(gateway).toMatchObject({ provider: 'stripe', credentialsSet: true });
    expect(JSON.stringify(gateway)).not.toContain(SECRET);
    const stored = await world.db.collection('payment_gateways').findOne({ _id: gateway?.id as never });
    expect(JSON.stringify(stored)).not.toContain(SECRET);
    expect(JSON.stringify(stored)).not.toContain(WEBHOOK_SECRET);
    expect(stored?.credentials).toEqual(expect.stringMatching(/^sealed:v1:t1:/));
    const listed = await world.gateways.listPaymentGateways({ caller: staff });
    expect(JSON.stringify(listed)).not.toContain(SECRET);
  });

  it('when 10 gateways are made default at once, then exactly one is the default, and a payment names it', async () => {
    const made = await Promise.all(Array.from({ length: 10 }, () => createSimulated()));
    const ids = made.map((reply) => reply.gateway?.id ?? '');
    await Promise.all(ids.map((id) => world.gateways.setDefaultPaymentGateway({ caller: staff, id })));
    const defaults = (await world.gateways.listPaymentGateways({ caller: staff })).gateways.filter(
      (g) => g.isDefault,
    );
    expect(defaults).toHaveLength(1);
    const { payment } = await world.wallet.payBooking({
      caller: bookingJob,
      bookingId: `bkg_${Date.now()}`,
      customerId: uniqueName('cus'),
      total: 900,
      useWallet: false,
    });
    expect(payment).toMatchObject({ charged: 900, gatewayId: defaults[0]?.id });
  });

  it('when the default gateway is deleted, then there is no default and payments use the built-in simulator', async () => {
    const { gateway } = await createSimulated();
    const id = gateway?.id ?? '';
    await world.gateways.setDefaultPaymentGateway({ caller: staff, id });
    await world.gateways.deletePaymentGateway({ caller: staff, id });
    expect(
      (await world.gateways.listPaymentGateways({ caller: staff })).gateways.filter((g) => g.isDefault),
    ).toEqual([]);
    const { payment } = await world.wallet.payBooking({
      caller: bookingJob,
      bookingId: `bkg_${Date.now() + 1}`,
      customerId: uniqueName('cus'),
      total: 900,
      useWallet: false,
    });
    expect(payment?.gatewayId).toBeUndefined();
    expect(payment?.gatewayReference).toMatch(/^sim_/);
    expect(await codeOf(world.gateways.setDefaultPaymentGateway({ caller: staff, id }))).toBe('not_found');
  });

  it('when credentials are replaced or a name changed, then the gateway answers the change and still no secret; bad input changes nothing', async () => {
    const { gateway } = await create('Before');
    const id = gateway?.id ?? '';
    const renamed = await world.gateways.updatePaymentGateway({
      caller: staff,
      id,
      displayName: 'After',
      credentials: { secretKey: `${SECRET}-2`, webhookSecret: WEBHOOK_SECRET },
      replaceCredentials: true,
    });
    expect(renamed.gateway).toMatchObject({ displayName: 'After', credentialsSet: true });
    expect(JSON.stringify(renamed)).not.toContain(SECRET);
    expect(
      await codeOf(
        world.gateways.createPaymentGateway({
          caller: staff,
          provider: 'paypal',
          displayName: '',
          credentials: {},
        }),
      ),
    ).toBe('bad_request');
    expect(
      await codeOf(
        world.gateways.updatePaymentGateway({
          caller: staff,
          id: 'pgw_999999',
          credentials: {},
          replaceCredentials: false,
        }),
      ),
    ).toBe('not_found');
  });

  it('when a gateway names a provider with no adapter, then it is refused naming the supported ones, and one stored before can only be deleted', async () => {
    const refused = await codeAndDetails(
      world.gateways.createPaymentGateway({
        caller: staff,
        provider: 'razorpay',
        displayName: 'Razorpay',
        credentials: { keyId: 'rzp_1', keySecret: SECRET },
      }),
    );
    expect(refused).toEqual({
      code: 'bad_request',
      details: [{ path: 'provider', message: 'razorpay has no adapter: must be one of stripe, simulated' }],
    });
    const { gateway } = await create();
    const id = gateway?.id ?? '';
    // A gateway stored before the refusal (the console offered these providers then).
    await world.db
      .collection('payment_gateways')
      .updateOne({ _id: id as never }, { $set: { provider: 'payu' } });
    const renamed = world.gateways.updatePaymentGateway({
      caller: staff,
      id,
      displayName: 'PayU',
      credentials: {},
      replaceCredentials: false,
    });
    expect((await codeAndDetails(renamed)).details).toEqual([
      { path: 'provider', message: 'payu has no adapter: must be one of stripe, simulated' },
    ]);
    expect(await codeOf(world.gateways.setDefaultPaymentGateway({ caller: staff, id }))).toBe('bad_request');
    await world.gateways.deletePaymentGateway({ caller: staff, id });
  });

  it('when a Stripe gateway lacks a credential field its adapter needs, then it is refused by field name, and one without credentials cannot be the default', async () => {
    const refused = await codeAndDetails(
      world.gateways.createPaymentGateway({
        caller: staff,
        provider: 'stripe',
        displayName: 'Stripe',
        credentials: { secretKey: SECRET },
      }),
    );
    expect(refused).toEqual({
      code: 'bad_request',
      details: [{ path: 'credentials', message: "a stripe gateway's need webhookSecret" }],
    });
    const { gateway } = await world.gateways.createPaymentGateway({
      caller: staff,
      provider: 'stripe',
      displayName: 'Stripe, credentials later',
      credentials: {},
    });
    const id = gateway?.id ?? '';
    expect(await codeOf(world.gateways.setDefaultPaymentGateway({ caller: staff, id }))).toBe('bad_request');
  });
  it('when a gateway is made, changed, made default and deleted, then each change has its audit entry and no credential', async () => {
    const trail = await watchAuditTrail(world.namespace);
    try {
      const { gateway } = await create();
      const id = gateway?.id ?? '';
      const desk = {
        ...staff,
        email: 'money@example.com',
        ip: '203.0.113.12',
        requestId: 'req_ct_pgw_audit',
      };
      await world.gateways.updatePaymentGateway({
        caller: desk,
        id,
        displayName: 'Renamed',
        replaceCredentials: true,
        credentials: { secretKey: SECRET, webhookSecret: WEBHOOK_SECRET },
      });
      await world.gateways.setDefaultPaymentGateway({ caller: desk, id });
      await world.gateways.deletePaymentGateway({ caller: desk, id });
      const entries = await trail.of(id, 4);
      expect(entries.map((entry) => entry.action)).toEqual([
        'payment_gateway.created',
        'payment_gateway.updated',
        'payment_gateway.default_set',
        'payment_gateway.deleted',
      ]);
      expect(entries[1]).toMatchObject({
        details: { displayName: 'Renamed', credentialsReplaced: true },
        actorEmail: 'money@example.com',
        ip: '203.0.113.12',
      });
      expect(JSON.stringify(entries)).not.toContain(SECRET);
      expect(JSON.stringify(entries)).not.toContain(WEBHOOK_SECRET);
    } finally {
      await trail.stop();
    }
  });
});

/** The error code and field problems a call failed with. */
async function codeAndDetails(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    return { code: (error as { code?: unknown }).code, details: (error as { details?: unknown }).details };
  }
  throw new Error('the call succeeded');
}

import { join } from 'node:path';
import { wallet } from '@travel/contracts';
import {
  createServiceClient,
  freePort,
  freshIdempotency,
  peerTlsEnv,
  spawnService,
  testInfra,
  uniqueName,
  waitFor,
  wireCallers,
} from '@travel/testkit';
import { type Billing, sentInvoice, staff, startBilling, TEST_SEALING_KEYS } from './billing.fixture';

// Issue 42: a staff top-up and an invoice payment retried with their Idempotency-Key move money once: a replay
// answers the first, another body is 422, racing first attempts do the work once, and a crash between the
// wallet's two writes is finished once by the retry.
const database = uniqueName('ct_billing_idem');
const LEASE_MS = '600';
let world: Billing;

beforeAll(async () => {
  world = await startBilling({ MONGO_DATABASE: database, IDEMPOTENCY_LEASE_MS: LEASE_MS });
});
afterAll(async () => {
  await world?.stop();
});

const balanceOf = async (customerId: string) =>
  (
    await world.wallet.getWallet({
      caller: wireCallers.customer(undefined, customerId),
      customerId,
      limit: 100,
    })
  ).balance;
const topUpsOf = (customerId: string) =>
  world.db.collection('wallet_entries').countDocuments({ customerId, reason: 'top_up' });

describe('wallet top-ups', () => {
  it('when a top-up is sent twice with its key, then it credits once and the second answer replays the first; another body is 422', async () => {
    const customerId = uniqueName('cus');
    const key = freshIdempotency({ amount: 7 });
    const request = { caller: staff, customerId, amount: 7, ...key };
    const first = await world.wallet.topUpWallet(request);
    const again = await world.wallet.topUpWallet(request);
    expect(first).toMatchObject({ replayed: false, balance: 7 });
    expect(again).toMatchObject({ replayed: true, balance: 7, entry: first.entry });
    expect(await balanceOf(customerId)).toBe(7);
    await expect(
      world.wallet.topUpWallet({
        ...request,
        amount: 8,
        requestFingerprint: freshIdempotency({ amount: 8 }).requestFingerprint,
      }),
    ).rejects.toMatchObject({ code: 'idempotency_key_reuse' });
    await expect(world.wallet.topUpWallet({ caller: staff, customerId, amount: 7 })).rejects.toMatchObject({
      code: 'bad_request',
    });
  });

  it('when 10 top-ups with one key race, then one credit; the others replay it or hear 409 idempotency_key_in_use with a retry time', async () => {
    const customerId = uniqueName('cus');
    const request = { caller: staff, customerId, amount: 5, ...freshIdempotency() };
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        world.wallet.topUpWallet(request).then(
          (reply) => ({ replayed: reply.replayed }),
          (error: { code?: string; facts?: { retryAfterSeconds?: number } }) => ({
            code: error.code,
            retryAfter: error.facts?.retryAfterSeconds,
          }),
        ),
      ),
    );
    expect(outcomes.filter((o) => 'replayed' in o && !o.replayed)).toHaveLength(1);
    for (const o of outcomes.filter((o) => 'code' in o))
      expect(o).toEqual({ code: 'idempotency_key_in_use', retryAfter: 1 });
    expect(await balanceOf(customerId)).toBe(5);
    expect(await topUpsOf(customerId)).toBe(1);
  });

  it('when billing dies between the wallet’s two writes, then the retry with the key after a restart credits once', async () => {
    const infra = testInfra();
    const env = {
      GRPC_PORT: String(await freePort()),
      ...peerTlsEnv('billing'),
      MONGO_URL: infra.mongoUrl,
      MONGO_DATABASE: database,
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      KAFKA_NAMESPACE: uniqueName('ct-billing-idem'),
      SEALING_KEYS: TEST_SEALING_KEYS,
      IDEMPOTENCY_LEASE_MS: LEASE_MS,
    };
    const doomed = await spawnService(join(__dirname, '..', 'dist', 'main.js'), {
      ...env,
      BILLING_CRASH_AT: 'between-wallet-writes',
    });
    const customerId = uniqueName('cus');
    const request = { caller: staff, customerId, amount: 9, ...freshIdempotency() };
    try {
      const client = createServiceClient(wallet.WalletServiceDefinition, doomed.address, {
        deadlineMs: 20_000,
      });
      await expect(client.topUpWallet(request)).rejects.toThrow();
    } finally {
      await doomed.kill();
    }
    // Through the healthy replica: inside the dead request's lease a retry hears 409, then it finishes the move.
    const done = await waitFor(() => world.wallet.topUpWallet(request), {
      timeoutMs: 10_000,
      intervalMs: 200,
    });
    expect(done.replayed).toBe(false);
    expect(await world.wallet.topUpWallet(request)).toMatchObject({ replayed: true, entry: done.entry });
    expect(await balanceOf(customerId)).toBe(9);
    expect(await topUpsOf(customerId)).toBe(1);
  });
});

describe('invoice payments', () => {
  it('when a payment is recorded twice with its key, then one payment and the same answer; racing retries record it once', async () => {
    const { id } = await sentInvoice(world.client, 1000);
    const request = { caller: staff, invoiceId: id, amount: 400, method: 'upi', ...freshIdempotency() };
    const first = await world.client.recordPayment(request);
    const again = await world.client.recordPayment(request);
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ ...first, replayed: true });
    expect(first.invoice?.paidAmount).toBe(400);

    const racing = { ...request, amount: 600, ...freshIdempotency() };
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () =>
        world.client.recordPayment(racing).then(
          (reply) => ({ replayed: reply.replayed, paid: reply.invoice?.paidAmount }),
          (error: { code?: string }) => ({ code: error.code }),
        ),
      ),
    );
    expect(outcomes.filter((o) => 'replayed' in o && !o.replayed)).toHaveLength(1);
    expect(outcomes.filter((o) => 'code' in o && o.code !== 'idempotency_key_in_use')).toEqual([]);
    const settled = await world.client.recordPayment(racing);
    expect(settled).toMatchObject({ replayed: true, invoice: { paidAmount: 1000, status: 'paid' } });
    expect(await world.db.collection('payments').countDocuments({ invoiceId: id })).toBe(2);
  });
});

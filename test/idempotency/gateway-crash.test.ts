import { randomUUID } from 'node:crypto';
import { PROFILES, processPid, restartProcess } from '@travel/local-deploy';
import { waitFor } from '@travel/testkit';
import { walletOf } from '../storefront/storefront.fixture';
import { type AdminApi, bearer, newPartner, platformAdmin } from '../support/admin';
import { type Booking, contact, flightOffers, partnerCall } from '../support/bookings';
import { registerCustomer } from '../support/customers';
import { call, gatewayUrl } from '../support/gateway';

// Issue 42: the gateway killed (SIGKILL) after a service did an idempotent change and before the answer left:
// the client saw the connection drop, and its retry with the same key, through the restarted gateway, answers
// the change once made (`Idempotent-Replayed: true`), never a second booking, cancel or credit.
let admin: AdminApi;

beforeAll(async () => {
  admin = await platformAdmin();
});

async function gatewayReady() {
  await waitFor(async () => expect((await fetch(`${gatewayUrl()}/api/ready`)).status).toBe(200), {
    timeoutMs: 60_000,
    intervalMs: 250,
  });
}

/** Sends `request` through a gateway armed to die after the service answered; restarts a healthy one. */
async function throughDyingGateway(request: () => Promise<unknown>): Promise<void> {
  await restartProcess(process.env, PROFILES.e2e, 'gateway', { GATEWAY_CRASH_AT: 'after-idempotent-call' });
  await gatewayReady();
  try {
    await expect(request()).rejects.toThrow(); // the connection dropped: no answer at all
    await waitFor(() => expect(processPid(process.env, PROFILES.e2e, 'gateway')).toBeUndefined(), {
      timeoutMs: 10_000,
      intervalMs: 100,
    });
  } finally {
    await restartProcess(process.env, PROFILES.e2e, 'gateway');
    await gatewayReady();
  }
}

const post = (path: string, headers: Record<string, string>, body?: unknown) =>
  fetch(`${gatewayUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('when the gateway dies mid-call', () => {
  it('then a retried booking and a retried cancel with their keys replay the one change made', async () => {
    const { key } = await newPartner(admin);
    const [offer] = await flightOffers(key.secret);
    const bookingKey = randomUUID();
    const body = { offerToken: offer?.offerToken, contact };
    const send = () =>
      post('/api/v1/bookings', { ...bearer(key.secret), 'idempotency-key': bookingKey }, body);
    await throughDyingGateway(send);
    const retried = await partnerCall(key.secret, 'POST', '/api/v1/bookings', {
      body: JSON.stringify(body),
      headers: { 'idempotency-key': bookingKey },
    });
    expect([retried.status, retried.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    const booking = (retried.body as { data: Booking }).data;
    const listed = (await partnerCall(key.secret, 'GET', '/api/v1/bookings')).body as { data: Booking[] };
    expect(listed.data.map((b) => b.id)).toEqual([booking.id]);

    const cancelKey = randomUUID();
    const cancelPath = `/api/v1/bookings/${booking.id}/cancel`;
    await throughDyingGateway(() =>
      post(cancelPath, { ...bearer(key.secret), 'idempotency-key': cancelKey }),
    );
    const cancelled = await partnerCall(key.secret, 'POST', cancelPath, {
      headers: { 'idempotency-key': cancelKey },
    });
    expect([cancelled.status, cancelled.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect((cancelled.body as { data: Booking }).data.status).toBe('Cancelled');
  });

  it('then a retried staff top-up with its key credits once', async () => {
    const customer = await registerCustomer();
    const path = `/api/admin/wallets/${customer.user.id}/top-ups`;
    const idem = randomUUID();
    const headers = { ...bearer(admin.token), 'idempotency-key': idem };
    await throughDyingGateway(() => post(path, headers, { amount: 7 }));
    const retried = await call('POST', path, {
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 7 }),
    });
    expect([retried.status, retried.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect((await walletOf(customer)).balance).toBe(7);
  });
});

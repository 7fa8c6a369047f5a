import { randomUUID } from 'node:crypto';
import { PROFILES, processPid } from '@travel/local-deploy';
import { waitFor } from '@travel/testkit';
import { type AdminApi, platformAdmin } from '../support/admin';
import { registerCustomer } from '../support/customers';
import { restartUntilServing } from '../support/faults';
import {
  bookAsCustomer,
  dataOf,
  payableOf,
  type StorefrontBooking,
  storefrontCall,
  storefrontFlight,
  topUp,
  walletOf,
} from './storefront.fixture';

// A storefront booking survives a crash of booking or billing mid-booking (issue 12): retried with its key,
// it ends in one booking and one payment, never two.
let admin: AdminApi;

beforeAll(async () => {
  admin = await platformAdmin();
});

async function restart(service: 'booking' | 'billing', extraEnv: Record<string, string> = {}) {
  await restartUntilServing(service, extraEnv);
}

describe.each([
  ['booking', { BOOKING_CRASH_AT: 'after-payment' }],
  ['billing', { BILLING_CRASH_AT: 'between-wallet-writes' }],
  ['billing', { BILLING_CRASH_AT: 'after-wallet-debit' }],
] as const)('when %s is killed mid-booking (%j)', (service, hook) => {
  it('then a retry with the same key ends in one booking paid once, the wallet share taken once', async () => {
    const customer = await registerCustomer();
    await topUp(admin, customer, 500);
    const offer = await storefrontFlight(true);
    const key = randomUUID();
    await restart(service, hook);
    try {
      const doomed = await bookAsCustomer(customer, offer, { key, useWallet: true });
      expect(doomed.status).toBe(503);
      await waitFor(() => expect(processPid(process.env, PROFILES.e2e, service)).toBeUndefined(), {
        timeoutMs: 10_000,
        intervalMs: 100,
      });
    } finally {
      await restart(service);
    }
    // Within the dead request's lease a retry hears 409; after it, it finishes the same booking.
    const done = await waitFor(
      async () => {
        const res = await bookAsCustomer(customer, offer, { key, useWallet: true });
        if (res.status !== 201) throw new Error(`retry answered ${res.status}`);
        return dataOf<StorefrontBooking>(res);
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
    const share = Math.min(500, payableOf(offer));
    expect(done).toMatchObject({ status: 'Upcoming', walletPaid: share, charged: payableOf(offer) - share });
    const listed = dataOf<StorefrontBooking[]>(
      await storefrontCall('GET', '/api/bookings', { headers: customer.headers }),
    );
    expect(listed.map((b) => b.id)).toEqual([done.id]);
    const wallet = await walletOf(customer);
    expect(wallet.balance).toBe(500 - share);
    expect(wallet.entries.filter((e) => e.type === 'debit')).toEqual([
      expect.objectContaining({ amount: share, bookingId: done.id }),
    ]);
  });
});

import { randomUUID } from 'node:crypto';
import { type AdminApi, signInAdmin } from '@travel/local-deploy';
import { bookingBody, firstOfferToken } from './booking-route';
import { apiCall, benchTenantId } from './platform';
import { print } from './report';
import type { SweepFixtures } from './sweep-requests';
import { withBenchVoucher } from './voucher-route';
import { deleteEndpoints, registerReceivers, startReceiver, stopReceiver } from './webhook-route';

/**
 * What `--route sweep` needs beyond the demo data, made once before it and undone after it whatever happens:
 * a tenant staff member (the demo data has none), a webhook endpoint with a receiver on 127.0.0.1 and a
 * booking of the benchmark's key (cancelled after: a booking cannot be deleted), and a voucher to preview.
 */

export interface SweepSetupOptions {
  gateway: string;
  admin: { email: string; password: string };
  customer: { email: string; password: string };
}

/** What to undo, last made first; `what` names it when it fails (it is then left on the platform). */
type Undo = { what: string; step: () => Promise<unknown> }[];

/** The tenant staff member's rights: those the tenant-only routes need. */
const TENANT_RIGHTS = ['api-console', 'billing', 'bookings'];

/** How long the booking's event may take to reach the client's events feed. */
const EVENT_WAIT_MS = 10_000;

export async function withSweepFixtures<T>(
  options: SweepSetupOptions,
  secret: string,
  run: (fixtures: SweepFixtures) => Promise<T>,
): Promise<T> {
  const { gateway } = options;
  const undo: Undo = [];
  try {
    const admin = await signInAdmin(gateway, options.admin);
    const tenantStaff = await makeTenantStaff(gateway, admin, undo);
    const customer = await apiCall<{ token: string }>(gateway, {
      method: 'POST',
      path: '/api/auth/login',
      body: options.customer,
      expected: 200,
    });
    await makeWebhookEndpoint(gateway, secret, undo);
    await makeBooking(gateway, secret, undo);
    const tokens = {
      'partner key': secret,
      staff: admin.token,
      'tenant staff': tenantStaff,
      customer: customer.token,
    };
    return await withBenchVoucher(admin, (voucherCode) => run({ gateway, tokens, voucherCode }));
  } finally {
    for (const { what, step } of undo.reverse()) {
      await step().catch((error: unknown) =>
        print(`clean-up failed, left behind: ${what} (${(error as Error).message})`),
      );
    }
  }
}

/** A role with TENANT_RIGHTS and a user of the benchmark tenant holding it; its access token. */
async function makeTenantStaff(gateway: string, admin: AdminApi, undo: Undo): Promise<string> {
  const stamp = Date.now().toString(36);
  const tenantId = await benchTenantId(admin);
  const role = await admin.request<{ id: string }>('POST', '/api/admin/roles', {
    name: `bench sweep ${stamp}`,
    permissions: TENANT_RIGHTS,
    tenantId,
  });
  undo.push({ what: `role ${role.id}`, step: () => admin.request('DELETE', `/api/admin/roles/${role.id}`) });
  const login = { email: `bench-${stamp}@staff.example`, password: 'bench-pass-2026' };
  const user = await admin.request<{ id: string }>('POST', '/api/admin/users', {
    ...login,
    name: 'Bench Staff',
    roleId: role.id,
    tenantId,
  });
  undo.push({ what: `user ${user.id}`, step: () => admin.request('DELETE', `/api/admin/users/${user.id}`) });
  return (await signInAdmin(gateway, login)).token;
}

/** One receiver on 127.0.0.1, registered as the client's endpoint: pings and deliveries go to it. */
async function makeWebhookEndpoint(gateway: string, secret: string, undo: Undo): Promise<void> {
  const receiver = await startReceiver(0, () => undefined);
  undo.push({ what: 'the receiver', step: () => stopReceiver(receiver) });
  const ids: string[] = [];
  await registerReceivers(gateway, secret, [receiver], ids);
  undo.push({
    what: `webhook endpoint ${ids.join(', ')}`,
    step: () => deleteEndpoints(gateway, secret, ids),
  });
}

/** One booking of the benchmark's key, cancelled afterwards; waits until its event is in the feed. */
async function makeBooking(gateway: string, secret: string, undo: Undo): Promise<void> {
  const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
  const booking = await apiCall<{ id: string }>(gateway, {
    method: 'POST',
    path: '/api/v1/bookings',
    token: secret,
    headers: { 'idempotency-key': randomUUID() },
    body: bookingBody(await firstOfferToken(gateway, headers)),
    expected: 201,
  });
  const cancel = `/api/v1/bookings/${booking.id}/cancel`;
  undo.push({
    what: `booking ${booking.id} (not cancelled)`,
    step: () => apiCall(gateway, { method: 'POST', path: cancel, token: secret, body: {}, expected: 200 }),
  });
  const until = performance.now() + EVENT_WAIT_MS;
  while (performance.now() < until) {
    const events = await apiCall<unknown[]>(gateway, {
      method: 'GET',
      path: '/api/v1/events',
      token: secret,
      expected: 200,
    });
    if (events.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

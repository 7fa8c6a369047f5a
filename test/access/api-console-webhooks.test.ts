import { randomUUID } from 'node:crypto';
import { type Received, startReceiver, verifySignature, waitFor } from '@travel/testkit';
import { type AdminApi, platformAdmin } from '../support/admin';
import { book, contact, flightOffers, partnerCall } from '../support/bookings';
import { codeOf, consoleCall, dataOf } from '../support/console-calls';
import { tenantStaff } from '../support/staff';

// The tenant's view of its clients' webhook endpoints (the partner console, issue 46): the partner API's webhook
// routes for one client and mode, with a staff token, every answer checked against the internal OpenAPI
// document. Only the webhook service checks the client's tenant (it asks identity), so the 404s below are its.
let admin: AdminApi;
const receivers: Array<{ stop: () => Promise<void> }> = [];

beforeAll(async () => {
  admin = await platformAdmin();
}, 60_000);
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.stop()));
});

interface Endpoint {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  secret?: string;
}
interface Delivery {
  id: string;
  eventType: string;
  status: string;
  attempts: { statusCode: number | null; succeeded: boolean; manual: boolean }[];
}

const signedBy = (secret: string, request: Received | undefined) =>
  verifySignature(
    secret,
    String(request?.headers['x-partner-signature']),
    request?.rawBody ?? '',
    Math.floor(Date.now() / 1000),
  );

describe("the API console: a client's webhook endpoints", () => {
  it('when tenant staff register an endpoint, then it is the client’s in that mode: the partner sees it, the other mode does not', async () => {
    const staff = await tenantStaff(admin, ['api-console']);
    const mode = staff.key.environment;
    const base = `/api/admin/api-console/clients/${staff.client.id}/webhooks`;
    const created = await consoleCall(staff.token, 'POST', `${base}?environment=${mode}`, {
      url: 'http://127.0.0.1:9/console',
      events: ['booking.created'],
    });
    expect(created.status).toBe(201);
    const endpoint = dataOf<Endpoint>(created);
    expect(endpoint.secret).toMatch(/^whsec_/);
    const listed = await consoleCall(staff.token, 'GET', `${base}?environment=${mode}`);
    expect(dataOf<Endpoint[]>(listed).map((e) => [e.id, e.secret])).toEqual([[endpoint.id, undefined]]);
    const partners = await partnerCall(staff.key.secret, 'GET', '/api/v1/webhooks');
    expect(dataOf<Endpoint[]>(partners).map((e) => e.id)).toEqual([endpoint.id]);
    const other = mode === 'live' ? 'test' : 'live';
    expect(dataOf<Endpoint[]>(await consoleCall(staff.token, 'GET', `${base}?environment=${other}`))).toEqual(
      [],
    );

    const disabled = await consoleCall(staff.token, 'PATCH', `${base}/${endpoint.id}?environment=${mode}`, {
      enabled: false,
    });
    expect([disabled.status, dataOf<Endpoint>(disabled).enabled]).toEqual([200, false]);
    const removed = await consoleCall(staff.token, 'DELETE', `${base}/${endpoint.id}?environment=${mode}`);
    expect(removed.status).toBe(200);
    expect(dataOf<Endpoint[]>(await consoleCall(staff.token, 'GET', `${base}?environment=${mode}`))).toEqual(
      [],
    );
  });

  it('when a delivery failed, then staff see its attempts, redeliver it once the receiver is fixed, and rotate the secret', async () => {
    const staff = await tenantStaff(admin, ['api-console']);
    const mode = staff.key.environment;
    let healthy = false;
    const hooks = await startReceiver(() => (healthy ? { status: 200 } : { status: 500, body: 'down' }));
    receivers.push(hooks);
    const base = `/api/admin/api-console/clients/${staff.client.id}/webhooks`;
    const endpoint = dataOf<Endpoint>(
      await consoleCall(staff.token, 'POST', `${base}?environment=${mode}`, { url: hooks.url }),
    );
    const [offer] = await flightOffers(staff.key.secret);
    expect((await book(staff.key.secret, { offerToken: offer?.offerToken, contact })).status).toBe(201);

    const deliveriesPath = `${base}/${endpoint.id}/deliveries?environment=${mode}`;
    let failed: Delivery | undefined;
    await waitFor(
      async () => {
        const page = dataOf<Delivery[]>(await consoleCall(staff.token, 'GET', deliveriesPath));
        failed = page.find((delivery) => delivery.status === 'failed');
        expect(failed?.attempts.every((attempt) => attempt.statusCode === 500)).toBe(true);
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );

    healthy = true;
    const key = randomUUID();
    const redeliverPath = `${base}/${endpoint.id}/deliveries/${failed?.id}/redeliver?environment=${mode}`;
    const redelivered = await consoleCall(staff.token, 'POST', redeliverPath, {}, { 'idempotency-key': key });
    expect(redelivered.status).toBe(200);
    const done = dataOf<{ delivery: Delivery; attempt: { statusCode: number; manual: boolean } }>(
      redelivered,
    );
    expect([done.delivery.status, done.attempt.statusCode, done.attempt.manual]).toEqual([
      'succeeded',
      200,
      true,
    ]);
    expect(signedBy(endpoint.secret as string, hooks.received.at(-1))).toBe(true);

    const rotated = await consoleCall(
      staff.token,
      'POST',
      `${base}/${endpoint.id}/rotate-secret?environment=${mode}`,
      { overlapSeconds: 0 },
    );
    const secret = dataOf<Endpoint>(rotated).secret as string;
    expect([rotated.status, secret === endpoint.secret]).toEqual([200, false]);
    const ping = await consoleCall(
      staff.token,
      'POST',
      `${base}/${endpoint.id}/ping?environment=${mode}`,
      {},
    );
    expect(ping.status).toBe(200);
    expect([
      signedBy(secret, hooks.received.at(-1)),
      signedBy(endpoint.secret as string, hooks.received.at(-1)),
    ]).toEqual([true, false]);
  }, 60_000);

  it("when another tenant's staff, platform staff or a missing client are named, then 404 or 403 and nothing changes", async () => {
    const owner = await tenantStaff(admin, ['api-console']);
    const mode = owner.key.environment;
    const base = `/api/admin/api-console/clients/${owner.client.id}/webhooks`;
    const endpoint = dataOf<Endpoint>(
      await consoleCall(owner.token, 'POST', `${base}?environment=${mode}`, {
        url: 'http://127.0.0.1:9/a',
      }),
    );
    const other = await tenantStaff(admin, ['api-console']);
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `${base}?environment=${mode}`],
      ['POST', `${base}?environment=${mode}`, { url: 'http://127.0.0.1:9/attacker' }],
      ['PATCH', `${base}/${endpoint.id}?environment=${mode}`, { url: 'http://127.0.0.1:9/attacker' }],
      ['DELETE', `${base}/${endpoint.id}?environment=${mode}`],
      ['POST', `${base}/${endpoint.id}/rotate-secret?environment=${mode}`, {}],
    ];
    for (const [method, path, body] of attempts)
      expect(codeOf(await consoleCall(other.token, method, path, body))).toEqual([404, 'not_found']);
    expect(codeOf(await consoleCall(admin.token, 'GET', `${base}?environment=${mode}`))).toEqual([
      403,
      'forbidden',
    ]);
    const missing = `/api/admin/api-console/clients/999999999/webhooks?environment=${mode}`;
    expect(codeOf(await consoleCall(other.token, 'GET', missing))).toEqual([404, 'not_found']);
    const still = dataOf<Endpoint[]>(await consoleCall(owner.token, 'GET', `${base}?environment=${mode}`));
    expect(still.map((e) => [e.id, e.url])).toEqual([[endpoint.id, 'http://127.0.0.1:9/a']]);
  });

  it('when the mode and the body are both invalid, then 400 names the body, and after it the mode', async () => {
    const staff = await tenantStaff(admin, ['api-console']);
    const base = `/api/admin/api-console/clients/${staff.client.id}/webhooks`;
    const badBody = await consoleCall(staff.token, 'POST', `${base}?environment=live`, {
      url: 'not a url',
      events: ['x'],
    });
    const paths = (badBody.body as { error: { details: { path: string }[] } }).error.details.map(
      (d) => d.path,
    );
    expect([badBody.status, paths.sort()]).toEqual([400, ['events.0', 'url']]);
    const badMode = await consoleCall(staff.token, 'GET', `${base}?environment=staging`);
    const modePaths = (badMode.body as { error: { details: { path: string }[] } }).error.details.map(
      (d) => d.path,
    );
    expect([badMode.status, modePaths]).toEqual([400, ['environment']]);
  });
});

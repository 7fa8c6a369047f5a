import { documented, emailsTo, startReceiver, verifySignature, waitFor } from '@travel/testkit';
import { newPartner, platformAdmin } from '../support/admin';
import { book, contact, dataOf, detailPaths, errorOf, flightOffers, partnerCall } from '../support/bookings';
import { tenantStaff } from '../support/staff';
import { endpointOf, registerWebhook } from '../support/webhooks';

// Secret rotation with an overlap, recovery of failed deliveries and auto-disable, through the gateway; every
// answer checked against the OpenAPI document (partnerCall). The e2e stack disables after 20 s, not 5 days.
type Hooks = Awaited<ReturnType<typeof startReceiver>>;
const receivers: Hooks[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.stop()));
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const hooks = await startReceiver(...args);
  receivers.push(hooks);
  return hooks;
}

async function bookOne(secret: string): Promise<string> {
  const [offer] = await flightOffers(secret);
  const res = await book(secret, { offerToken: offer?.offerToken, contact });
  expect(res.status).toBe(201);
  return dataOf(res).id;
}

/** The delivery of this booking's `booking.created` (its latest attempt). */
async function deliveryOf(hooks: Hooks, bookingId: string) {
  await waitFor(
    () => expect(hooks.bodies().some((b) => (b.data as { id: string }).id === bookingId)).toBe(true),
    { timeoutMs: 20_000 },
  );
  const mine = hooks.received.filter((r) => r.rawBody.includes(`"id":"${bookingId}"`));
  return mine[mine.length - 1] as Hooks['received'][number];
}

const verifies = (secret: string, request: Hooks['received'][number]) =>
  verifySignature(
    secret,
    String(request.headers['x-partner-signature']),
    request.rawBody,
    Math.floor(Date.now() / 1000),
  );

const rotate = (key: string, id: string, body?: unknown) =>
  partnerCall(key, 'POST', `/api/v1/webhooks/${id}/rotate-secret`, {
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('POST /api/v1/webhooks/{id}/rotate-secret', () => {
  it('when the secret is rotated with an overlap, then deliveries of the window verify with the old and the new secret, and after it only with the new', async () => {
    const { key } = await newPartner(await platformAdmin());
    const hooks = await receiver();
    const registered = endpointOf(await registerWebhook(key.secret, { url: hooks.url }));
    const old = registered.secret ?? '';

    const res = await rotate(key.secret, registered.id, { overlapSeconds: 15 });
    expect(res.status).toBe(200);
    const rotated = (
      res.body as { data: { secret: string; previousSecretExpiresAt: string; enabled: boolean } }
    ).data;
    expect(rotated).toMatchObject({
      id: registered.id,
      enabled: true,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9]{32}$/),
      previousSecretExpiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(rotated.secret).not.toBe(old);
    const expiresAt = Date.parse(`${rotated.previousSecretExpiresAt.replace(' ', 'T')}Z`);

    const during = await deliveryOf(hooks, await bookOne(key.secret));
    expect(String(during.headers['x-partner-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect([verifies(old, during), verifies(rotated.secret, during)]).toEqual([true, true]);
    await waitFor(() => expect(Date.now()).toBeGreaterThan(expiresAt + 1000), { timeoutMs: 20_000 });
    const after = await deliveryOf(hooks, await bookOne(key.secret));
    expect([verifies(old, after), verifies(rotated.secret, after)]).toEqual([false, true]);
  });

  it('when rotated with overlapSeconds 0, then the old secret signs nothing more; another client is 404, a bad overlap 400', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`400 bad_request` for an `overlapSeconds` out of range.',
    );
    const admin = await platformAdmin();
    const { key } = await newPartner(admin);
    const stranger = await newPartner(admin);
    const hooks = await receiver();
    const registered = endpointOf(await registerWebhook(key.secret, { url: hooks.url }));

    const other = await rotate(stranger.key.secret, registered.id, {});
    expect([other.status, errorOf(other).code]).toEqual([404, 'not_found']);
    const bad = await rotate(key.secret, registered.id, { overlapSeconds: -1 });
    expect([bad.status, errorOf(bad).code, detailPaths(bad)]).toEqual([
      400,
      'bad_request',
      ['overlapSeconds'],
    ]);

    const res = await rotate(key.secret, registered.id, { overlapSeconds: 0 });
    const rotated = (res.body as { data: { secret: string; previousSecretExpiresAt: null } }).data;
    expect([res.status, rotated.previousSecretExpiresAt]).toEqual([200, null]);
    const next = await deliveryOf(hooks, await bookOne(key.secret));
    expect([verifies(registered.secret ?? '', next), verifies(rotated.secret, next)]).toEqual([false, true]);
    const noBody = await rotate(key.secret, registered.id);
    expect(noBody.status).toBe(200);
  });
});

describe('POST /api/v1/webhooks/{id}/recover', () => {
  it('when a receiver was down, then recover re-sends the failed delivery with its id once per Idempotency-Key', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "Needs an `Idempotency-Key` header as `POST /bookings` does: the same key with the same `since` answers the first call's count again with `Idempotent-Replayed: true` and queues nothing more; with another `since` or endpoint it is `422 idempotency_key_reuse`; no key is `400 idempotency_key_required`.",
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`404 not_found` as for `POST /webhooks/{id}/rotate-secret`.',
    );
    documented(
      'docs/webhooks.md',
      'Needs an `Idempotency-Key`; the endpoint must be enabled (`409` otherwise).',
    );
    const admin = await platformAdmin();
    const { key } = await newPartner(admin);
    const stranger = await newPartner(admin);
    let up = false;
    const hooks = await receiver(() => ({ status: up ? 200 : 503 }));
    const { id } = endpointOf(await registerWebhook(key.secret, { url: hooks.url }));
    const since = new Date().toISOString();
    const bookingId = await bookOne(key.secret);
    // The first attempt and 5 retries (1 s apart on this stack), all refused: the delivery is failed.
    await waitFor(() => expect(hooks.received).toHaveLength(6), { timeoutMs: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    up = true;

    const recover = (secret: string, body: unknown, idempotencyKey?: string) =>
      partnerCall(secret, 'POST', `/api/v1/webhooks/${id}/recover`, {
        body: JSON.stringify(body),
        headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {},
      });
    const first = await recover(key.secret, { since }, 'recover-e2e-0001');
    expect([first.status, first.body, first.headers.get('idempotent-replayed')]).toEqual([
      200,
      { data: { queued: 1 } },
      null,
    ]);
    await waitFor(() => expect(hooks.received).toHaveLength(7), { timeoutMs: 20_000 });
    const [original, resent] = [hooks.received[0], hooks.received[6]];
    expect(resent?.headers['x-partner-delivery']).toBe(original?.headers['x-partner-delivery']);
    expect((JSON.parse(resent?.rawBody ?? '{}') as { data: { id: string } }).data.id).toBe(bookingId);

    const replay = await recover(key.secret, { since }, 'recover-e2e-0001');
    expect([replay.status, replay.body, replay.headers.get('idempotent-replayed')]).toEqual([
      200,
      { data: { queued: 1 } },
      'true',
    ]);
    const reuse = await recover(key.secret, { since: '2026-01-01T00:00:00Z' }, 'recover-e2e-0001');
    expect([reuse.status, errorOf(reuse).code]).toEqual([422, 'idempotency_key_reuse']);
    // The same key and since for another endpoint of the client: reused too.
    const another = endpointOf(await registerWebhook(key.secret, { url: hooks.url }));
    const elsewhere = await partnerCall(key.secret, 'POST', `/api/v1/webhooks/${another.id}/recover`, {
      body: JSON.stringify({ since }),
      headers: { 'Idempotency-Key': 'recover-e2e-0001' },
    });
    expect([elsewhere.status, errorOf(elsewhere).code]).toEqual([422, 'idempotency_key_reuse']);
    const noKey = await recover(key.secret, { since });
    expect([noKey.status, errorOf(noKey).code]).toEqual([400, 'idempotency_key_required']);
    const badSince = await recover(key.secret, { since: 'yesterday' }, 'recover-e2e-0002');
    expect([badSince.status, detailPaths(badSince)]).toEqual([400, ['since']]);
    const other = await recover(stranger.key.secret, { since }, 'recover-e2e-0003');
    expect([other.status, errorOf(other).code]).toEqual([404, 'not_found']);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(hooks.received).toHaveLength(7);
  });
});

describe('auto-disable of a failing endpoint', () => {
  it("when every delivery failed for the set period, then reads show enabled false with the reason and the tenant's staff get an email", async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A disabled endpoint shows `enabled: false` with `disabledReason` (e.g. every delivery failed for 5 days) and `disabledAt`.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A disabled endpoint is `409 conflict`: enable it first.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`POST /webhooks/{id}/recover` then sends again every delivery the list shows as `failed`, those the disable ended included',
    );
    const admin = await platformAdmin();
    const { key, email } = await tenantStaff(admin, []);
    let up = false;
    const hooks = await receiver(() => ({ status: up ? 200 : 500 }));
    const { id } = endpointOf(await registerWebhook(key.secret, { url: hooks.url }));
    await bookOne(key.secret);
    await waitFor(
      async () => {
        const list = await partnerCall(key.secret, 'GET', '/api/v1/webhooks');
        expect((list.body as { data: unknown[] }).data).toEqual([
          expect.objectContaining({
            id,
            status: 'disabled',
            enabled: false,
            disabledReason: expect.stringMatching(/^Every delivery failed for 20 seconds/),
            disabledAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
          }),
        ]);
      },
      { timeoutMs: 60_000 },
    );
    await waitFor(
      async () =>
        expect((await emailsTo(email)).map((m) => m.subject)).toEqual([
          `Webhook endpoint ${id} was disabled`,
        ]),
      { timeoutMs: 20_000 },
    );
    const recover = await partnerCall(key.secret, 'POST', `/api/v1/webhooks/${id}/recover`, {
      body: JSON.stringify({ since: '2026-01-01T00:00:00Z' }),
      headers: { 'Idempotency-Key': 'recover-disabled-01' },
    });
    expect([recover.status, errorOf(recover).code]).toEqual([409, 'conflict']);

    // Nothing is pending any more (a disable ends what waited, as failed).
    await waitFor(async () => {
      const pending = await partnerCall(
        key.secret,
        'GET',
        `/api/v1/webhooks/${id}/deliveries?status=pending`,
      );
      expect((pending.body as { data: unknown[] }).data).toEqual([]);
    });
    // Fixed and enabled again: recover sends every delivery the list shows as failed, each once.
    up = true;
    const enabled = await partnerCall(key.secret, 'PATCH', `/api/v1/webhooks/${id}`, {
      body: JSON.stringify({ enabled: true }),
    });
    expect(enabled.status).toBe(200);
    const failed = await partnerCall(key.secret, 'GET', `/api/v1/webhooks/${id}/deliveries?status=failed`);
    const failedIds = (failed.body as { data: { id: string }[] }).data.map((d) => d.id).sort();
    expect(failedIds.length).toBeGreaterThan(0);
    const sentBefore = hooks.received.length;
    const recovered = await partnerCall(key.secret, 'POST', `/api/v1/webhooks/${id}/recover`, {
      body: JSON.stringify({ since: '2026-01-01T00:00:00Z' }),
      headers: { 'Idempotency-Key': 'recover-enabled-01' },
    });
    expect([recovered.status, recovered.body]).toEqual([200, { data: { queued: failedIds.length } }]);
    await waitFor(() => expect(hooks.received.length).toBe(sentBefore + failedIds.length), {
      timeoutMs: 20_000,
    });
    expect(
      hooks.received
        .slice(sentBefore)
        .map((r) => String(r.headers['x-partner-delivery']))
        .sort(),
    ).toEqual(failedIds);
  });
});

import { randomUUID } from 'node:crypto';
import { documented, failFirst, startReceiver, verifySignature, waitFor } from '@travel/testkit';
import { bearer, newPartner, platformAdmin } from '../support/admin';
import { type Booking, book, contact, dataOf, flightOffers, partnerCall } from '../support/bookings';
import { call } from '../support/gateway';
import { endpointOf, registerWebhook } from '../support/webhooks';

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

async function bookOne(secret: string): Promise<Booking> {
  const [offer] = await flightOffers(secret);
  const res = await book(secret, { offerToken: offer?.offerToken, contact });
  expect(res.status).toBe(201);
  return dataOf(res);
}

const summary = (hooks: Hooks) =>
  hooks.bodies().map((b) => [b.type, (b.data as { id: string }).id, (b as { livemode?: boolean }).livemode]);

describe('webhook deliveries through the whole platform', () => {
  it('when a live key books, then its endpoint gets a signed booking.created, retried after a failure with the same delivery id', async () => {
    const { key } = await newPartner(await platformAdmin());
    const hooks = await receiver(failFirst(1));
    const { secret } = endpointOf(await registerWebhook(key.secret, { url: hooks.url, events: [] }));
    const booking = await bookOne(key.secret);

    await waitFor(() => expect(hooks.received).toHaveLength(2), { timeoutMs: 20_000 });
    const [first, second] = hooks.received;
    expect(second?.rawBody).toBe(first?.rawBody);
    expect(second?.headers['x-partner-delivery']).toBe(first?.headers['x-partner-delivery']);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    expect(
      verifySignature(
        secret ?? '',
        String(second?.headers['x-partner-signature']),
        second?.rawBody ?? '',
        Math.floor(Date.now() / 1000),
      ),
    ).toBe(true);
    expect(JSON.parse(second?.rawBody ?? '{}')).toMatchObject({
      type: 'booking.created',
      livemode: true,
      data: {
        id: booking.id,
        pnr: booking.pnr,
        type: 'flight',
        status: 'Upcoming',
        amount: booking.amount,
        currency: 'INR',
        reference: null,
      },
    });
  });

  it('when a test key books and cancels, then only the test endpoint hears it, its creation and its cancellation', async () => {
    documented('gateway/openapi/partner.texts.yaml', 'an empty or absent list receives all of them');
    documented(
      'docs/webhooks.md',
      "A test key's endpoints and events feed are told what a live key's are: `booking.created` when one of its bookings is made, `booking.cancelled` when it is cancelled, with `livemode: false`, signed, retried",
    );
    const admin = await platformAdmin();
    const { client, key: live } = await newPartner(admin);
    const test = await admin.createKey(client.id, { environment: 'test' });
    const liveHooks = await receiver();
    // The test endpoint refuses its first request: a test delivery is retried as a live one is.
    const testHooks = await receiver(failFirst(1));
    await registerWebhook(live.secret, { url: liveHooks.url });
    const { secret: testSecret } = endpointOf(await registerWebhook(test.secret, { url: testHooks.url }));

    const testBooking = await bookOne(test.secret);
    expect((await partnerCall(test.secret, 'POST', `/api/v1/bookings/${testBooking.id}/cancel`)).status).toBe(
      200,
    );
    const liveBooking = await bookOne(live.secret);

    await waitFor(() => expect(summary(liveHooks)).toEqual([['booking.created', liveBooking.id, true]]), {
      timeoutMs: 20_000,
    });
    // Two events, the refused one twice.
    await waitFor(() => expect(testHooks.received).toHaveLength(3), { timeoutMs: 20_000 });
    // Deliveries to one endpoint may overlap: the order they arrive in is not promised.
    expect([...new Set(summary(testHooks).map((seen) => JSON.stringify(seen)))].sort()).toEqual([
      JSON.stringify(['booking.cancelled', testBooking.id, false]),
      JSON.stringify(['booking.created', testBooking.id, false]),
    ]);
    const [refused] = testHooks.received;
    const again = testHooks.received.filter(
      (request) => request.headers['x-partner-delivery'] === refused?.headers['x-partner-delivery'],
    );
    expect(again.map((request) => request.rawBody)).toEqual([refused?.rawBody, refused?.rawBody]);
    for (const request of testHooks.received)
      expect(
        verifySignature(
          testSecret ?? '',
          String(request.headers['x-partner-signature']),
          request.rawBody,
          Math.floor(Date.now() / 1000),
        ),
      ).toBe(true);
  });

  it('when an endpoint is deleted, then the next booking reaches only the endpoint that is left', async () => {
    const { key } = await newPartner(await platformAdmin());
    const kept = await receiver();
    const dropped = await receiver();
    await registerWebhook(key.secret, { url: kept.url, events: ['booking.created'] });
    const { id } = endpointOf(await registerWebhook(key.secret, { url: dropped.url }));
    expect((await partnerCall(key.secret, 'DELETE', `/api/v1/webhooks/${id}`)).status).toBe(200);

    const booking = await bookOne(key.secret);
    await waitFor(() => expect(summary(kept)).toEqual([['booking.created', booking.id, true]]), {
      timeoutMs: 20_000,
    });
    expect(dropped.received).toEqual([]);
  });

  it('when an invoice of the tenant is paid in full, then every client of the tenant hears invoice.paid, once', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`booking.*` events go to the endpoints of the client that made the booking; `invoice.paid` to the endpoints of every client of the tenant.',
    );
    const admin = await platformAdmin();
    const { tenant, key } = await newPartner(admin);
    const colleague = await admin.createClient(`${tenant.name} desk`, tenant.id);
    const colleagueKey = await admin.createKey(colleague.id, {});
    const outsider = await newPartner(admin);
    const mine = await receiver();
    const theirs = await receiver();
    const outsiders = await receiver();
    await registerWebhook(key.secret, { url: mine.url, events: ['invoice.paid'] });
    await registerWebhook(colleagueKey.secret, { url: theirs.url });
    await registerWebhook(outsider.key.secret, { url: outsiders.url });

    const draft = await admin.request<{ id: string }>('POST', '/api/admin/invoices', {
      tenantId: tenant.id,
      amount: 5000,
    });
    await admin.request('PUT', `/api/admin/invoices/${draft.id}`, { status: 'sent' });
    for (const payment of [
      { amount: 2000, method: 'upi' },
      { amount: 3000, method: 'neft' },
    ]) {
      const paid = await call('POST', `/api/admin/invoices/${draft.id}/payments`, {
        headers: {
          ...bearer(admin.token),
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify(payment),
      });
      expect(paid.status).toBe(201);
    }

    for (const hooks of [mine, theirs])
      await waitFor(
        () =>
          expect(hooks.bodies().map((b) => [b.type, b.data])).toEqual([
            [
              'invoice.paid',
              {
                id: draft.id,
                number: expect.any(String),
                amount: 5000,
                paidAmount: 5000,
                status: 'paid',
                dueDate: expect.stringMatching(/^\d{2} [A-Z][a-z]{2} \d{4}$/),
              },
            ],
          ]),
        { timeoutMs: 20_000 },
      );
    expect(outsiders.received).toEqual([]);
  });
});

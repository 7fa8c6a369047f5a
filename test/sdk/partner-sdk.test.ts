import {
  constructWebhookEvent,
  isPartnerApiError,
  PartnerApiError,
  PartnerClient,
  WebhookSignatureError,
} from '@partner-travel/sdk';
import { inDays, startReceiver, waitFor } from '@travel/testkit';
import { newPartner, platformAdmin } from '../support/admin';
import { contact } from '../support/bookings';
import { type ApiResponse, expectDocumented, gatewayUrl } from '../support/gateway';

/** Every answer the SDK gets, checked against the OpenAPI document as every e2e call is, and kept. */
function documentedFetch(seen: { method: string; path: string; status: number; requestId: string | null }[]) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const res = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : input);
    const method = init?.method ?? 'GET';
    const text = await res.clone().text();
    const json = res.headers.get('content-type')?.includes('application/json');
    const answer: ApiResponse = {
      status: res.status,
      headers: res.headers,
      text,
      body: json ? JSON.parse(text) : undefined,
    };
    await expectDocumented(method, `${url.pathname}${url.search}`, answer);
    seen.push({ method, path: url.pathname, status: res.status, requestId: res.headers.get('x-request-id') });
    return res;
  };
}

async function sdkFor(keyOptions: Record<string, unknown> = {}) {
  const { key } = await newPartner(await platformAdmin(), keyOptions);
  const seen: Parameters<typeof documentedFetch>[0] = [];
  const client = new PartnerClient({
    apiKey: key.secret,
    baseUrl: `${gatewayUrl()}/api/v1`,
    fetch: documentedFetch(seen),
  });
  return { client, seen };
}

async function caught(promise: Promise<unknown>): Promise<PartnerApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isPartnerApiError(error)) throw new Error(`expected a PartnerApiError, got ${String(error)}`);
  return error;
}

const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.stop()));
});

describe('the partner SDK against the running platform', () => {
  it('searches and books with an automatic Idempotency-Key; the same key again replays the same booking', async () => {
    const { client } = await sdkFor();
    const search = await client.searchFlights({ from: 'DEL', to: 'BOM', departDate: inDays(30) });
    const offer = search.onward[0];
    expect(offer?.offerToken).toEqual(expect.any(String));

    const made = await client.createBooking({ offerToken: offer?.offerToken ?? '', contact });
    expect(made).toMatchObject({ replayed: false, booking: { status: 'Upcoming', type: 'flight' } });
    expect(made.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f-]{27}$/);

    const again = await client.createBooking(
      { offerToken: offer?.offerToken ?? '', contact },
      { idempotencyKey: made.idempotencyKey },
    );
    expect(again.replayed).toBe(true);
    expect(again.booking.id).toBe(made.booking.id);

    const another = await client.createBooking({ offerToken: offer?.offerToken ?? '', contact });
    expect(another.idempotencyKey).not.toBe(made.idempotencyKey);
    expect(another.booking.id).not.toBe(made.booking.id);
    expect((await client.getBooking(made.booking.id)).contact).toMatchObject(contact);
  });

  it('lists every booking with the iterator, page after page, newest first', async () => {
    const { client, seen } = await sdkFor();
    const { onward } = await client.searchFlights({ from: 'DEL', to: 'BOM', departDate: inDays(31) });
    const ids: string[] = [];
    for (const reference of ['one', 'two', 'three']) {
      ids.push(
        (await client.createBooking({ offerToken: onward[0]?.offerToken ?? '', contact, reference })).booking
          .id,
      );
    }
    const listed: string[] = [];
    for await (const booking of client.bookings({ limit: 2 })) listed.push(booking.id);
    expect(listed).toEqual([...ids].reverse());
    expect(seen.filter((s) => s.method === 'GET' && s.path === '/api/v1/bookings')).toHaveLength(2);
  });

  it('cancels, and a second cancel is a typed 409 conflict with the requestId of the answer', async () => {
    const { client, seen } = await sdkFor();
    const { onward } = await client.searchFlights({ from: 'DEL', to: 'BOM', departDate: inDays(32) });
    const { booking } = await client.createBooking({ offerToken: onward[0]?.offerToken ?? '', contact });
    expect((await client.cancelBooking(booking.id)).status).toBe('Cancelled');

    const error = await caught(client.cancelBooking(booking.id));
    expect(error).toBeInstanceOf(PartnerApiError);
    expect([error.status, error.code]).toEqual([409, 'conflict']);
    expect(error.requestId).toEqual(expect.any(String));
    expect(error.requestId).toBe(seen.at(-1)?.requestId);

    const missing = await caught(client.getBooking('bkg_999999999'));
    expect([missing.status, missing.code]).toEqual([404, 'not_found']);
    const invalid = await caught(client.createBooking({ offerToken: 'not-a-token', contact }));
    expect([invalid.status, invalid.code, invalid.details?.map((d) => d.path)]).toEqual([
      400,
      'bad_request',
      ['offerToken'],
    ]);
  });

  it('verifies a real signed delivery with the endpoint secret, and refuses it tampered', async () => {
    const { client } = await sdkFor();
    const hooks = await startReceiver();
    receivers.push(hooks);
    const endpoint = await client.registerWebhook({ url: hooks.url, events: ['booking.created'] });
    const { onward } = await client.searchFlights({ from: 'DEL', to: 'BOM', departDate: inDays(33) });
    const { booking } = await client.createBooking({ offerToken: onward[0]?.offerToken ?? '', contact });

    await waitFor(() => expect(hooks.received).toHaveLength(1), { timeoutMs: 20_000 });
    const delivery = hooks.received[0];
    const signature = String(delivery?.headers['x-partner-signature']);
    const event = constructWebhookEvent({
      payload: delivery?.rawBody ?? '',
      signature,
      secret: endpoint.secret,
    });
    expect(event).toMatchObject({ type: 'booking.created', data: { id: booking.id } });

    const tampered = (delivery?.rawBody ?? '').replace(booking.id, 'bkg_1');
    expect(() => constructWebhookEvent({ payload: tampered, signature, secret: endpoint.secret })).toThrow(
      WebhookSignatureError,
    );
    await client.deleteWebhook(endpoint.id);
    expect(await client.listWebhooks()).toEqual([]);
  });
});

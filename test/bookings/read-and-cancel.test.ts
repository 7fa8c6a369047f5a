import { randomUUID } from 'node:crypto';
import { documented } from '@travel/testkit';
import { newPartner, platformAdmin } from '../support/admin';
import {
  type Booking,
  book,
  contact,
  dataOf,
  detailPaths,
  errorOf,
  flightOffers,
  partnerCall,
} from '../support/bookings';

/** A booking of the first offer of a fresh search with this key. */
async function bookOne(secret: string, reference?: string): Promise<Booking> {
  const [offer] = await flightOffers(secret);
  const res = await book(secret, { offerToken: offer?.offerToken, contact, reference });
  expect(res.status).toBe(201);
  return dataOf(res);
}

interface Page {
  data: Booking[];
  hasMore: boolean;
  nextCursor: string | null;
}
const pageOf = (res: { body: unknown }) => res.body as Page;

describe('test and live keys', () => {
  it('when a client books with a test key and a live key, then each sees only its own environment', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "`404 not_found` when no booking has this id, when it belongs to another client, or when it was made in the other environment (test or live) than the key's.",
    );
    const admin = await platformAdmin();
    const { client, key: live } = await newPartner(admin);
    const test = await admin.createKey(client.id, { environment: 'test' });
    const liveBooking = await bookOne(live.secret, 'live');
    const testBooking = await bookOne(test.secret, 'test');
    expect([liveBooking.livemode, testBooking.livemode]).toEqual([true, false]);

    const fromTest = await partnerCall(test.secret, 'GET', `/api/v1/bookings/${liveBooking.id}`);
    expect([fromTest.status, errorOf(fromTest).code]).toEqual([404, 'not_found']);
    const fromLive = await partnerCall(live.secret, 'GET', `/api/v1/bookings/${testBooking.id}`);
    expect(fromLive.status).toBe(404);
    const testList = pageOf(await partnerCall(test.secret, 'GET', '/api/v1/bookings'));
    expect(testList.data.map((b) => b.id)).toEqual([testBooking.id]);
    const liveList = pageOf(await partnerCall(live.secret, 'GET', '/api/v1/bookings'));
    expect(liveList.data.map((b) => b.id)).toEqual([liveBooking.id]);
    const cancel = await partnerCall(test.secret, 'POST', `/api/v1/bookings/${liveBooking.id}/cancel`);
    expect(cancel.status).toBe(404);
  });

  it('when a test key books a live key’s offer, then 400 on offerToken', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A token books only for the API client whose key searched: any key of that client in the environment of the search (tokens of a live key book with live keys, those of a test key with test keys), within 15 minutes.',
    );
    const admin = await platformAdmin();
    const { client, key: live } = await newPartner(admin);
    const test = await admin.createKey(client.id, { environment: 'test' });
    const [offer] = await flightOffers(live.secret);
    const res = await book(test.secret, { offerToken: offer?.offerToken, contact });
    expect([res.status, detailPaths(res)]).toEqual([400, ['offerToken']]);
    // A test key's token: another test key of the client books it, a live key does not.
    const [testOffer] = await flightOffers(test.secret);
    const liveTry = await book(live.secret, { offerToken: testOffer?.offerToken, contact });
    expect([liveTry.status, detailPaths(liveTry)]).toEqual([400, ['offerToken']]);
    const secondTest = await admin.createKey(client.id, { environment: 'test' });
    const booked = await book(secondTest.secret, { offerToken: testOffer?.offerToken, contact });
    expect([booked.status, dataOf(booked).livemode]).toEqual([201, false]);
    // (The 15 minutes: services/booking/src/domain/offer-check.test.ts.)
  });
});

describe('GET /api/v1/bookings/{id} and cancel across clients', () => {
  it('when another client (same tenant or another) asks for a booking, then 404 and nothing changes', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`not_found`: the resource does not exist or belongs to another organisation.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      "`404 not_found` when no booking has this id, when it belongs to another client, or when it was made in the other environment (test or live) than the key's.",
    );
    documented('gateway/openapi/partner.texts.yaml', '`404 not_found` as for `GET /bookings/{id}`.');
    const admin = await platformAdmin();
    const owner = await newPartner(admin);
    const sameTenantClient = await admin.createClient(`Second client ${randomUUID()}`, owner.tenant.id);
    const sameTenant = await admin.createKey(sameTenantClient.id);
    const otherTenant = await newPartner(admin);
    const booking = await bookOne(owner.key.secret);
    for (const secret of [sameTenant.secret, otherTenant.key.secret]) {
      const read = await partnerCall(secret, 'GET', `/api/v1/bookings/${booking.id}`);
      expect([read.status, errorOf(read).code]).toEqual([404, 'not_found']);
      const cancel = await partnerCall(secret, 'POST', `/api/v1/bookings/${booking.id}/cancel`);
      expect([cancel.status, errorOf(cancel).code]).toEqual([404, 'not_found']);
      const list = pageOf(await partnerCall(secret, 'GET', '/api/v1/bookings'));
      expect(list.data.map((b) => b.id)).not.toContain(booking.id);
    }
    const still = await partnerCall(owner.key.secret, 'GET', `/api/v1/bookings/${booking.id}`);
    expect(dataOf(still).status).toBe('Upcoming');
  });

  it('when the id is unknown or not a booking id, then 404 not_found', async () => {
    // An unknown route: test/platform/envelopes.test.ts; one of another organisation: the test above.
    documented(
      'gateway/openapi/partner.texts.yaml',
      '| 404 | `not_found` | Unknown route or resource, or one of another organisation |',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      "`404 not_found` when no booking has this id, when it belongs to another client, or when it was made in the other environment (test or live) than the key's.",
    );
    const { key } = await newPartner(await platformAdmin());
    for (const id of ['bkg_999999999', 'not-an-id', 'bkg_12x']) {
      const res = await partnerCall(key.secret, 'GET', `/api/v1/bookings/${id}`);
      expect([res.status, errorOf(res).code]).toEqual([404, 'not_found']);
    }
  });
});

describe('POST /api/v1/bookings/{id}/cancel', () => {
  it('when an upcoming booking is cancelled, then it is Cancelled; a second cancel is 409 and changes nothing', async () => {
    // booking.cancelled after a test and a live cancel: test/bookings/sandbox-parity.test.ts and services/booking/test/bookings.test.ts.
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Cancels a booking in state `Upcoming` and answers it with `status: Cancelled`',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A booking in any other state (`Cancelled`, `Completed`) is `409 conflict` and nothing changes, so retrying a cancel is safe.',
    );
    const { key } = await newPartner(await platformAdmin());
    const booking = await bookOne(key.secret);
    const first = await partnerCall(key.secret, 'POST', `/api/v1/bookings/${booking.id}/cancel`);
    expect([first.status, dataOf(first)]).toEqual([200, { ...booking, status: 'Cancelled' }]);
    const second = await partnerCall(key.secret, 'POST', `/api/v1/bookings/${booking.id}/cancel`, {
      body: '{}',
    });
    expect([second.status, errorOf(second).code]).toEqual([409, 'conflict']);
    const read = await partnerCall(key.secret, 'GET', `/api/v1/bookings/${booking.id}`);
    expect(dataOf(read).status).toBe('Cancelled');
  });

  it('when a cancel sends a body other than {}, then 400', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'No request body is needed (an empty body or `{}` is accepted; anything else is `400 bad_request`).',
    );
    const { key } = await newPartner(await platformAdmin());
    const booking = await bookOne(key.secret);
    const res = await partnerCall(key.secret, 'POST', `/api/v1/bookings/${booking.id}/cancel`, {
      body: JSON.stringify({ reason: 'changed plans' }),
    });
    expect([res.status, errorOf(res).code]).toEqual([400, 'bad_request']);
  });
});

describe('GET /api/v1/bookings', () => {
  it('when a client pages through its bookings, then they come newest first, each once, with limit and cursor', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'success bodies are `{ "data": ... }`; lists add `hasMore` and `nextCursor`',
    );
    const { key } = await newPartner(await platformAdmin());
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await bookOne(key.secret, `order ${i}`)).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const res = await partnerCall(key.secret, 'GET', `/api/v1/bookings${query}`);
      expect(res.status).toBe(200);
      const page = pageOf(res);
      expect(page.data.length).toBeLessThanOrEqual(2);
      expect(page.hasMore).toBe(page.nextCursor !== null);
      for (const item of page.data) expect(Object.keys(item)).not.toContain('contact');
      seen.push(...page.data.map((b) => b.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== null && pages < 10);
    expect(seen).toEqual([...made].reverse());
    expect(pages).toBe(3);
    const all = pageOf(await partnerCall(key.secret, 'GET', '/api/v1/bookings'));
    expect([all.data.length, all.hasMore, all.nextCursor]).toEqual([5, false, null]);
  });

  it('when limit or cursor is invalid, then 400 bad_request names it', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A `limit` that is not an integer from 1 to 100, or a `cursor` this list did not return, is `400 bad_request` with a `details` entry for it.',
    );
    const { key } = await newPartner(await platformAdmin());
    for (const [query, path] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['cursor=not-a-cursor', 'cursor'],
      [`cursor=${'c'.repeat(201)}`, 'cursor'],
    ]) {
      const res = await partnerCall(key.secret, 'GET', `/api/v1/bookings?${query}`);
      expect([query, res.status, errorOf(res).code, detailPaths(res)]).toEqual([
        query,
        400,
        'bad_request',
        [path],
      ]);
    }
  });
});

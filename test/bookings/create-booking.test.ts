import { randomUUID } from 'node:crypto';
import { documented, inDays } from '@travel/testkit';
import { newPartner, platformAdmin } from '../support/admin';
import {
  book,
  contact,
  dataOf,
  detailPaths,
  errorOf,
  type FlightOffer,
  flightOffers,
  partnerCall,
} from '../support/bookings';

let secret: string;
let offers: FlightOffer[];
let partner: Awaited<ReturnType<typeof newPartner>>;

beforeAll(async () => {
  partner = await newPartner(await platformAdmin());
  secret = partner.key.secret;
  offers = await flightOffers(secret);
});

const offer = (i: number) => offers[i % offers.length] as FlightOffer;

describe('POST /api/v1/bookings', () => {
  it('when a searched offer is booked, then 201 with the repriced booking, also on a read by id', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`amount` is the total charged to the tenant (`price.total` of the offer unless the rules changed since the search)',
    );
    const body = {
      offerToken: offer(0).offerToken,
      contact: { ...contact, phone: '+91 98450 12345' },
      travellers: [{ firstName: 'Asha', lastName: 'Rao' }],
      reference: 'PO-2026-1042',
    };
    const res = await book(secret, body);
    expect(res.status).toBe(201);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    const booking = dataOf(res);
    expect(booking).toEqual({
      id: expect.stringMatching(/^bkg_[0-9]+$/),
      pnr: expect.stringMatching(/^[A-Z0-9]{6}$/),
      type: 'flight',
      route: `${offer(0).from} → ${offer(0).to}`,
      date: offer(0).date,
      status: 'Upcoming',
      amount: offer(0).price.total,
      currency: 'INR',
      reference: 'PO-2026-1042',
      livemode: true,
      simulated: true,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      contact: { ...contact, phone: '+91 98450 12345' },
      travellers: [{ firstName: 'Asha', lastName: 'Rao' }],
    });
    const read = await partnerCall(secret, 'GET', `/api/v1/bookings/${booking.id}`);
    expect([read.status, dataOf(read)]).toEqual([200, booking]);
  });

  it('when a hotel and a car are booked, then type, route and date follow their kind', async () => {
    const search = async (kind: string, query: object) => {
      const res = await partnerCall(secret, 'POST', `/api/v1/search/${kind}`, {
        body: JSON.stringify(query),
      });
      return (res.body as { data: { results: Record<string, string | number>[] } }).data.results[0] ?? {};
    };
    const hotel = await search('hotels', { city: 'Goa', checkIn: inDays(40), checkOut: inDays(42) });
    const car = await search('cars', { pickup: 'Bengaluru', from: inDays(41), until: inDays(43) });
    const booked = await Promise.all(
      [hotel, car].map((result) => book(secret, { offerToken: result.offerToken, contact })),
    );
    expect(booked.map((res) => res.status)).toEqual([201, 201]);
    expect(booked.map((res) => [dataOf(res).type, dataOf(res).route, dataOf(res).date])).toEqual([
      ['hotel', `${hotel.name}, ${hotel.city}`, hotel.checkIn],
      ['car', `${car.name}, ${car.pickup}`, car.from],
    ]);
  });

  it('when the same key comes again with the same JSON value, then the first 201 is replayed and no second booking is made', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '- Same key, same body: the first request\'s `201` again, with `Idempotent-Replayed: true`, and no second booking. "Same body" means the same JSON value: key order and whitespace do not matter.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`true` when this `201` is the stored answer of an earlier request with the same `Idempotency-Key` and body (no second booking was made).',
    );
    const key = randomUUID();
    const first = await book(secret, { offerToken: offer(1).offerToken, contact, reference: 'replay' }, key);
    expect(first.status).toBe(201);
    // Same value, other key order and whitespace.
    const text = `{ "reference": "replay",\n  "contact": { "email": "${contact.email}", "name": "${contact.name}" }, "offerToken": "${offer(1).offerToken}" }`;
    const again = await book(secret, text, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(dataOf(again)).toEqual(dataOf(first));
    const list = await partnerCall(secret, 'GET', '/api/v1/bookings?limit=100');
    const ids = (list.body as { data: { id: string }[] }).data.map((b) => b.id);
    expect(ids.filter((id) => id === dataOf(first).id)).toHaveLength(1);
  });

  it('when the same key comes with another body, then 422 idempotency_key_reuse', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '- Same key, another body: `422 idempotency_key_reuse`.',
    );
    const key = randomUUID();
    expect((await book(secret, { offerToken: offer(2).offerToken, contact }, key)).status).toBe(201);
    const other = await book(secret, { offerToken: offer(2).offerToken, contact, reference: 'changed' }, key);
    expect([other.status, errorOf(other).code]).toEqual([422, 'idempotency_key_reuse']);
  });

  it('when the Idempotency-Key is missing, too short or too long, then 400 with its own code or a detail', async () => {
    documented('gateway/openapi/partner.texts.yaml', 'No key: `400 idempotency_key_required`.');
    const body = { offerToken: offer(3).offerToken, contact };
    const missing = await book(secret, body, null);
    expect([missing.status, errorOf(missing).code]).toEqual([400, 'idempotency_key_required']);
    for (const key of ['a'.repeat(7), 'a'.repeat(101)]) {
      const res = await book(secret, body, key);
      expect([res.status, errorOf(res).code, detailPaths(res)]).toEqual([
        400,
        'bad_request',
        ['Idempotency-Key'],
      ]);
    }
    expect((await book(secret, body, 'a'.repeat(8))).status).toBe(201);
  });

  it('when fields break the rules, then 400 bad_request names each one', async () => {
    const base = { offerToken: offer(4).offerToken, contact };
    const cases: [unknown, string[]][] = [
      [{ ...base, contact: { ...contact, email: 'not-an-email' } }, ['contact.email']],
      [{ ...base, travellers: Array(10).fill({ firstName: 'A', lastName: 'B' }) }, ['travellers']],
      [{ ...base, reference: 'r'.repeat(81) }, ['reference']],
      [{ ...base, travellers: [{ firstName: 'A', lastName: ' ' }] }, ['travellers.0.lastName']],
      [{ contact: { email: 'a@b.in' } }, ['offerToken', 'contact.name']],
    ];
    for (const [body, paths] of cases) {
      const res = await book(secret, body);
      expect([res.status, errorOf(res).code, detailPaths(res)?.sort()]).toEqual([
        400,
        'bad_request',
        paths.sort(),
      ]);
    }
  });

  it('when the offer token is tampered with, then 400 bad_request on offerToken', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A malformed or tampered `offerToken`, or one issued to another API client (of your tenant or another) or in the other environment (test or live), is `400` on `offerToken`: a token books only for the client whose key searched.',
    );
    const token = offer(5).offerToken;
    const flipped = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
    for (const offerToken of [flipped, 'ot2.not.a.token', `${token}x`]) {
      const res = await book(secret, { offerToken, contact });
      expect([res.status, errorOf(res).code, detailPaths(res)]).toEqual([400, 'bad_request', ['offerToken']]);
    }
  });

  it('when a client of another tenant books this tenant’s offer, then 400 on offerToken', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Another client, of your tenant or of another, gets `400 bad_request` on `offerToken`, as for a token the platform did not issue.',
    );
    const other = await newPartner(await platformAdmin());
    const res = await book(other.key.secret, { offerToken: offer(6).offerToken, contact });
    expect([res.status, errorOf(res).code, detailPaths(res)]).toEqual([400, 'bad_request', ['offerToken']]);
    // As for a token the platform did not issue: the same code and field.
    const forged = await book(other.key.secret, { offerToken: 'ot2.not.a.token', contact });
    expect([forged.status, errorOf(forged).code, detailPaths(forged)]).toEqual([
      400,
      'bad_request',
      ['offerToken'],
    ]);
  });

  it('when another client of the same tenant books this client’s offer, then 400 on offerToken; another key of the searching client books it (docs/offer-tokens.md, "Who can book a token")', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Another client, of your tenant or of another, gets `400 bad_request` on `offerToken`, as for a token the platform did not issue.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Books the offer behind `offerToken` (from a search by this API client, with a key of the same environment, within 15 minutes: "Offer tokens" above).',
    );
    const admin = await platformAdmin();
    const sibling = await admin.createClient(`Sibling ${randomUUID()}`, partner.tenant.id);
    const siblingKey = await admin.createKey(sibling.id);
    const refused = await book(siblingKey.secret, { offerToken: offer(7).offerToken, contact });
    expect([refused.status, errorOf(refused).code, detailPaths(refused)]).toEqual([
      400,
      'bad_request',
      ['offerToken'],
    ]);
    const secondKey = await admin.createKey(partner.client.id);
    expect((await book(secondKey.secret, { offerToken: offer(7).offerToken, contact })).status).toBe(201);
  });

  it("when the tenant's pricing rule changes after the search, then the booking is priced anew; an amount sent by the client is refused", async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "The server verifies the token and prices the offer again with the tenant's current pricing rules: `amount` is the total charged to the tenant (`price.total` of the offer unless the rules changed since the search); the client cannot change it.",
    );
    const admin = await platformAdmin();
    const repriced = await newPartner(admin);
    const [searched] = await flightOffers(repriced.key.secret);
    const offerToken = searched?.offerToken;
    const total = searched?.price.total ?? 0;
    const named = await book(repriced.key.secret, { offerToken, contact, amount: 1 });
    expect([named.status, errorOf(named).code, detailPaths(named)]).toEqual([400, 'bad_request', ['body']]);
    // The platform default flight margin is 5 %; the tenant's rule from now on is 10 %.
    await admin.request('POST', '/api/pricing/rules', {
      kind: 'margin',
      tenantId: repriced.tenant.id,
      service: 'flight',
      bps: 1000,
    });
    const res = await book(repriced.key.secret, { offerToken, contact });
    expect(res.status).toBe(201);
    expect(dataOf(res).amount).toBeGreaterThan(total);
  });

  it('when the client is not linked to a tenant, then 403 client_not_linked', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "Scope `bookings:write`; the key's client must be linked to a tenant (else `403 client_not_linked`).",
    );
    const admin = await platformAdmin();
    const client = await admin.createClient(`Unlinked ${randomUUID()}`, null);
    const key = await admin.createKey(client.id);
    const unlinkedOffers = await flightOffers(key.secret);
    const res = await book(key.secret, { offerToken: unlinkedOffers[0]?.offerToken, contact });
    expect([res.status, errorOf(res).code]).toEqual([403, 'client_not_linked']);
    const list = await partnerCall(key.secret, 'GET', '/api/v1/bookings');
    expect([list.status, errorOf(list).code]).toEqual([403, 'client_not_linked']);
  });
});

import { documented, inDays } from '@travel/testkit';
import { bearer, newPartner, platformAdmin } from '../support/admin';
import { type ApiResponse, call, expectDocumented } from '../support/gateway';

const json = { 'content-type': 'application/json' };
/** The paths the `details` of an error name, in order. */
const detailPathsOf = (res: ApiResponse) =>
  (res.body as { error?: { details?: { path: string }[] | null } }).error?.details?.map((d) => d.path);

async function search(
  secret: string,
  kind: 'flights' | 'hotels' | 'cars',
  body: unknown,
): Promise<ApiResponse> {
  const path = `/api/v1/search/${kind}`;
  const res = await call('POST', path, {
    headers: { ...bearer(secret), ...json },
    body: JSON.stringify(body),
  });
  await expectDocumented('POST', path, res);
  return res;
}

/** Offers without their tokens: what must repeat exactly for the same query. */
const withoutTokens = (offers: { offerToken: string }[]) =>
  offers.map(({ offerToken: _token, ...offer }) => offer);

interface Flight {
  from: string;
  to: string;
  date: string;
  adults: number;
  pricePerAdult: number;
  subtotal: number;
  offerToken: string;
  price: { baseAmount: number; tax: number; fee: number; total: number };
}

describe('search through the gateway', () => {
  it('when a round trip for 2 adults is searched, then both legs come back priced, swapped and tokenised', async () => {
    const { key } = await newPartner(await platformAdmin());
    const query = { from: 'Delhi', to: 'bom', departDate: inDays(20), returnDate: inDays(27), adults: 2 };
    const res = await search(key.secret, 'flights', query);
    expect(res.status).toBe(200);
    const data = (res.body as { data: { simulated: boolean; onward: Flight[]; return: Flight[] } }).data;
    expect(data.simulated).toBe(true);
    expect(data.onward.length).toBeGreaterThan(0);
    expect(data.return.length).toBeGreaterThan(0);
    for (const offer of data.onward) {
      expect({ from: offer.from, to: offer.to, date: offer.date, adults: offer.adults }).toEqual({
        from: 'DEL',
        to: 'BOM',
        date: query.departDate,
        adults: 2,
      });
      expect(offer.subtotal).toBe(offer.pricePerAdult * 2);
      expect(offer.price.total).toBe(offer.price.baseAmount + offer.price.tax + offer.price.fee);
    }
    for (const offer of data.return)
      expect([offer.from, offer.to, offer.date]).toEqual(['BOM', 'DEL', query.returnDate]);
    const tokens = [...data.onward, ...data.return].map((offer) => offer.offerToken);
    expect(new Set(tokens).size).toBe(tokens.length);

    const again = (await search(key.secret, 'flights', query)).body as { data: typeof data };
    expect(withoutTokens(again.data.onward)).toEqual(withoutTokens(data.onward));
    const otherDay = (await search(key.secret, 'flights', { ...query, departDate: inDays(21) })).body as {
      data: typeof data;
    };
    expect(withoutTokens(otherDay.data.onward)).not.toEqual(withoutTokens(data.onward));
  });

  it('when hotels and cars are searched, then they answer the documented shapes', async () => {
    const { key } = await newPartner(await platformAdmin());
    const hotels = await search(key.secret, 'hotels', {
      city: 'Goa',
      checkIn: inDays(30),
      checkOut: inDays(33),
      rooms: 2,
    });
    expect(hotels.status).toBe(200);
    expect(hotels.body).toMatchObject({ data: { simulated: true, nights: 3 } });
    const cars = await search(key.secret, 'cars', {
      pickup: 'Bengaluru',
      from: inDays(10),
      until: inDays(12),
    });
    expect(cars.status).toBe(200);
    expect(cars.body).toMatchObject({ data: { simulated: true, days: 2 } });
  });

  it('when a search breaks the rules, then 400 bad_request lists every field', async () => {
    const { key } = await newPartner(await platformAdmin());
    const res = await search(key.secret, 'flights', {
      from: 'DEL',
      to: 'BOM',
      departDate: inDays(5),
      adults: 10,
    });
    expect(res.status).toBe(400);
    expect((res.body as { error: { details: { path: string }[] } }).error.details.map((d) => d.path)).toEqual(
      ['adults'],
    );
    const dates = await search(key.secret, 'hotels', {
      city: 'Goa',
      checkIn: '2027-02-30',
      checkOut: '2027-02-27',
    });
    expect(dates.status).toBe(400);
  });
});

describe('pricing through the gateway', () => {
  it('when a tenant gets its own margin, then its quotes use it and others keep the platform default', async () => {
    const admin = await platformAdmin();
    const { tenant, key } = await newPartner(admin, { scopes: ['pricing:read'] });
    const other = await newPartner(admin, { scopes: ['pricing:read'] });
    const quote = async (secret: string) => {
      const path = '/api/v1/pricing/quote?service=hotel&amount=1000';
      const res = await call('GET', path, { headers: bearer(secret) });
      await expectDocumented('GET', path, res);
      return res;
    };
    expect((await quote(key.secret)).body).toEqual({
      data: { service: 'hotel', baseAmount: 1050, tax: 126, fee: 21, total: 1197, currency: 'INR' },
    });
    await admin.request('POST', '/api/pricing/rules', {
      kind: 'margin',
      tenantId: tenant.id,
      service: 'hotel',
      bps: 1000,
    });
    expect(((await quote(key.secret)).body as { data: { baseAmount: number } }).data.baseAmount).toBe(1100);
    expect(((await quote(other.key.secret)).body as { data: { baseAmount: number } }).data.baseAmount).toBe(
      1050,
    );
  });

  it('when the amount has paise or is not positive, then it is priced exactly or refused', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A missing or unknown `service`, or an `amount` that is not a number greater than 0 with at most two decimals, is `400 bad_request` with one `details` entry per parameter.',
    );
    const { key } = await newPartner(await platformAdmin(), { scopes: ['pricing:read'] });
    const ok = await call('GET', '/api/v1/pricing/quote?service=flight&amount=1234.5', {
      headers: bearer(key.secret),
    });
    expect((ok.body as { data: { baseAmount: number } }).data.baseAmount).toBe(1296);
    for (const amount of ['0', '-5', 'abc', '1.234']) {
      const res = await call('GET', `/api/v1/pricing/quote?service=flight&amount=${amount}`, {
        headers: bearer(key.secret),
      });
      expect({ amount, status: res.status, paths: detailPathsOf(res) }).toEqual({
        amount,
        status: 400,
        paths: ['amount'],
      });
    }
    for (const [query, paths] of [
      ['amount=100', ['service']],
      ['service=boat&amount=100', ['service']],
      ['service=boat&amount=abc', ['service', 'amount']],
      ['', ['service', 'amount']],
    ] as const) {
      const res = await call('GET', `/api/v1/pricing/quote?${query}`, { headers: bearer(key.secret) });
      expect({ query, status: res.status, paths: detailPathsOf(res) }).toEqual({
        query,
        status: 400,
        paths,
      });
    }
  });
});

import { randomUUID } from 'node:crypto';
import { inDays, waitFor } from '@travel/testkit';
import { type AdminApi, bearer, newPartner, platformAdmin } from '../support/admin';
import { type Booking, book, contact, dataOf, flightOffers, partnerCall } from '../support/bookings';
import { type ApiResponse, call, expectDocumented } from '../support/gateway';
import { tenantStaff } from '../support/staff';
import { readModelLag, rebuildWhileStopped } from './reports-process';

interface SalesRow {
  day: string;
  service: string;
  tenantId: string | null;
  bookings: number;
  bookedAmount: number;
  cancellations: number;
  cancelledAmount: number;
  netBookings: number;
  netAmount: number;
}
interface Destination {
  service: string;
  destination: string;
  bookings: number;
  searches: number;
}

const json = { 'content-type': 'application/json' };

/** A call with a staff token (or none), checked against the internal OpenAPI document like every e2e call. */
async function staffGet(token: string | null, path: string): Promise<ApiResponse> {
  const res = await call('GET', path, { headers: token === null ? {} : bearer(token) });
  await expectDocumented('GET', path, res);
  return res;
}

async function logSearch(body: unknown): Promise<ApiResponse> {
  const res = await call('POST', '/api/search-logs', { headers: json, body: JSON.stringify(body) });
  await expectDocumented('POST', '/api/search-logs', res);
  return res;
}

/** Sales figures per service of one tenant, summed over the rows of the period (a test may span midnight). */
type Figures = Record<string, Omit<SalesRow, 'day' | 'service' | 'tenantId'>>;
function figuresByService(rows: SalesRow[]): Figures {
  const out: Figures = {};
  for (const { day: _day, service, tenantId: _tenant, ...row } of rows) {
    const sum = out[service] ?? {
      bookings: 0,
      bookedAmount: 0,
      cancellations: 0,
      cancelledAmount: 0,
      netBookings: 0,
      netAmount: 0,
    };
    for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += row[key];
    out[service] = sum;
  }
  return out;
}

/** What the bookings themselves say: one row per booking, one per cancellation, summed as the report sums. */
function expectedFigures(made: Booking[], cancelled: Booking[]): Figures {
  const row = (booking: Booking, bookings: number, cancellations: number): SalesRow => ({
    day: '',
    service: booking.type,
    tenantId: null,
    bookings,
    bookedAmount: bookings * booking.amount,
    cancellations,
    cancelledAmount: cancellations * booking.amount,
    netBookings: bookings - cancellations,
    netAmount: (bookings - cancellations) * booking.amount,
  });
  return figuresByService([...made.map((b) => row(b, 1, 0)), ...cancelled.map((b) => row(b, 0, 1))]);
}

async function hotelTokens(secret: string): Promise<string[]> {
  const res = await partnerCall(secret, 'POST', '/api/v1/search/hotels', {
    body: JSON.stringify({ city: 'Goa', checkIn: inDays(40), checkOut: inDays(42) }),
  });
  if (res.status !== 200) throw new Error(`hotel search answered ${res.status}: ${res.text}`);
  return (res.body as { data: { results: { offerToken: string }[] } }).data.results.map((r) => r.offerToken);
}

/** 15 flights and 10 hotels for a partner key, then 5 of them cancelled (3 flights, 2 hotels). */
async function bookAndCancel(secret: string) {
  const flights = (await flightOffers(secret)).map((offer) => offer.offerToken);
  const hotels = await hotelTokens(secret);
  const made: Booking[] = [];
  for (let i = 0; i < 25; i++) {
    const offerToken = i < 15 ? flights[i % flights.length] : hotels[i % hotels.length];
    const res = await book(secret, { offerToken, contact }, randomUUID());
    if (res.status !== 201) throw new Error(`booking answered ${res.status}: ${res.text}`);
    made.push(dataOf(res));
  }
  const cancelled = [made[0], made[1], made[2], made[15], made[16]] as Booking[];
  for (const booking of cancelled) {
    const res = await partnerCall(secret, 'POST', `/api/v1/bookings/${booking.id}/cancel`);
    if (res.status !== 200) throw new Error(`cancel answered ${res.status}: ${res.text}`);
  }
  return { made, cancelled };
}

const period = `from=${inDays(-1)}&to=${inDays(1)}`;
const CATCH_UP = { timeoutMs: 60_000, intervalMs: 500 };
/** A replay reads the whole e2e booking topic again: bounded, but more generously. */
const REPLAY = { timeoutMs: 240_000, intervalMs: 2000 };

describe('reports: sales and popular destinations built from events', () => {
  let admin: AdminApi;
  let staffA: Awaited<ReturnType<typeof tenantStaff>>;
  let partnerB: Awaited<ReturnType<typeof newPartner>>;
  let expectedA: Figures;
  let expectedB: Figures;

  const salesOf = async (token: string, tenantId: string) => {
    const res = await staffGet(token, `/api/admin/sales?${period}&tenantId=${tenantId}`);
    expect(res.status).toBe(200);
    return figuresByService((res.body as { data: { rows: SalesRow[] } }).data.rows);
  };
  const expectFiguresAsBooked = async () => {
    expect(await salesOf(admin.token, staffA.tenant.id)).toEqual(expectedA);
    expect(await salesOf(admin.token, partnerB.tenant.id)).toEqual(expectedB);
  };

  beforeAll(async () => {
    admin = await platformAdmin();
    // Tenant staff with no right at all: the reports need an admin token, nothing more.
    staffA = await tenantStaff(admin, []);
    partnerB = await newPartner(admin);
    const a = await bookAndCancel(staffA.key.secret);
    const b = await bookAndCancel(partnerB.key.secret);
    expectedA = expectedFigures(a.made, a.cancelled);
    expectedB = expectedFigures(b.made, b.cancelled);
  }, 180_000);

  it('when 50 bookings and 10 cancellations are made across two tenants, then the sales equal what the bookings say', async () => {
    expect(expectedA.flight?.bookings).toBe(15);
    expect(expectedA.hotel?.cancellations).toBe(2);
    await waitFor(expectFiguresAsBooked, CATCH_UP);

    // The platform's report over everyone holds both tenants' rows; totals cover every row shown.
    const everyone = await staffGet(admin.token, `/api/admin/sales?${period}`);
    const data = (everyone.body as { data: { rows: SalesRow[]; totals: SalesRow; tenantId: null } }).data;
    expect(data.tenantId).toBeNull();
    const tenants = new Set(data.rows.map((row) => row.tenantId));
    expect(tenants.has(staffA.tenant.id) && tenants.has(partnerB.tenant.id)).toBe(true);
    expect(data.totals.netAmount).toBe(data.rows.reduce((sum, row) => sum + row.netAmount, 0));

    // Tenant staff see their own tenant; another tenant's figures are 404.
    const own = await staffGet(staffA.token, `/api/admin/sales?${period}`);
    const ownRows = (own.body as { data: { rows: SalesRow[]; tenantId: string } }).data;
    expect(ownRows.tenantId).toBe(staffA.tenant.id);
    expect(new Set(ownRows.rows.map((row) => row.tenantId))).toEqual(new Set([staffA.tenant.id]));
    expect(figuresByService(ownRows.rows)).toEqual(expectedA);
    const other = await staffGet(staffA.token, `/api/admin/sales?${period}&tenantId=${partnerB.tenant.id}`);
    expect([other.status, (other.body as { error: { code: string } }).error.code]).toEqual([
      404,
      'not_found',
    ]);
    const flightsOnly = await staffGet(staffA.token, `/api/admin/sales?${period}&service=flight`);
    expect(figuresByService((flightsOnly.body as { data: { rows: SalesRow[] } }).data.rows)).toEqual({
      flight: expectedA.flight,
    });
  });

  it('when a tenant books, then its popular destinations count its bookings beside the storefront searches', async () => {
    const res = await staffGet(staffA.token, `/api/admin/analytics/popular-destinations?${period}&limit=100`);
    expect(res.status).toBe(200);
    const ranked = (res.body as { data: Destination[]; hasMore: boolean }).data;
    expect(ranked.find((d) => d.service === 'flight' && d.destination === 'BOM')?.bookings).toBe(15);
    expect(ranked.find((d) => d.service === 'hotel' && d.destination === 'Goa')?.bookings).toBe(10);
  });

  it('when storefront searches are logged, then they count as searches of their destination', async () => {
    // A name no other run uses, sorting before older runs' among equals.
    const city = `E2E city ${1e13 - Date.now()}`;
    for (let i = 0; i < 4; i++) {
      const res = await logSearch({ service: 'hotel', city, startDate: inDays(10), endDate: inDays(12) });
      expect(res.status).toBe(201);
      expect((res.body as { data: { destination: string } }).data.destination).toBe(city);
    }
    await waitFor(async () => {
      const res = await staffGet(
        admin.token,
        `/api/admin/analytics/popular-destinations?${period}&service=hotel&limit=100`,
      );
      const found = (res.body as { data: Destination[] }).data.find((d) => d.destination === city);
      expect(found).toEqual({ service: 'hotel', destination: city, bookings: 0, searches: 4 });
    }, CATCH_UP);
  });

  it('when every event is delivered again, then the figures do not change', async () => {
    await waitFor(expectFiguresAsBooked, CATCH_UP);
    await rebuildWhileStopped('--replay-only');
    await waitFor(async () => expect(await readModelLag()).toBe(0), REPLAY);
    await expectFiguresAsBooked();
  }, 300_000);

  it('when the read model is deleted and the topics replayed, then the same figures are rebuilt', async () => {
    await rebuildWhileStopped('--from-topics');
    // Empty at first (the rebuild may already have begun: then it holds some, never more than before).
    await waitFor(async () => expect(await readModelLag()).toBe(0), REPLAY);
    await expectFiguresAsBooked();
  }, 300_000);

  it("when the sales are rebuilt from booking's history instead of the topics, then the same figures are rebuilt", async () => {
    await rebuildWhileStopped();
    // Rebuilt before reports started again; the wait is for the gateway to reach the restarted process.
    await waitFor(expectFiguresAsBooked, CATCH_UP);
  }, 300_000);

  it('when a report or a search log is malformed, or no token is sent, then nothing is answered but the error', async () => {
    const codeOf = (res: ApiResponse) => [res.status, (res.body as { error: { code: string } }).error.code];
    expect(codeOf(await staffGet(null, '/api/admin/sales'))).toEqual([401, 'unauthorized']);
    expect(codeOf(await staffGet(admin.token, '/api/admin/sales?from=2026-02-30'))).toEqual([
      400,
      'bad_request',
    ]);
    expect(
      codeOf(await staffGet(admin.token, `/api/admin/sales?from=${inDays(1)}&to=${inDays(-1)}`)),
    ).toEqual([400, 'bad_request']);
    expect(codeOf(await staffGet(admin.token, '/api/admin/sales?tenantId=ten_999999999'))).toEqual([
      404,
      'not_found',
    ]);
    expect(codeOf(await staffGet(admin.token, '/api/admin/analytics/popular-destinations?limit=0'))).toEqual([
      400,
      'bad_request',
    ]);
    const missing = await logSearch({ service: 'flight', from: 'DEL' });
    expect(codeOf(missing)).toEqual([400, 'bad_request']);
    expect(
      (missing.body as { error: { details: { path: string }[] } }).error.details.map((d) => d.path),
    ).toEqual(['to']);
    expect(codeOf(await logSearch({ service: 'car', pickup: 'Goa', email: 'a@b.example' }))).toEqual([
      400,
      'bad_request',
    ]);
  });

  it('when one address logs too many searches, then it is rate_limited with Retry-After', async () => {
    let last: ApiResponse | undefined;
    for (let i = 0; i < 70; i++) {
      last = await logSearch({ service: 'flight', from: 'DEL', to: 'GOI' });
      expect(last.headers.get('ratelimit-limit')).toBe('60');
      if (last.status === 429) break;
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

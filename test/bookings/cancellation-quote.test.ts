import { isPartnerApiError } from '@partner-travel/sdk';
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
import { documentedSdk } from '../support/documented-sdk';

// `POST /bookings/{id}/cancellation-quote` and a cancel that names the quote (issue 32), through the gateway,
// every answer checked against the OpenAPI document. Expiry is in the booking service's component tests
// (services/booking/test/cancellation-quotes.test.ts), where the clock is the test's.

let secret: string;

beforeAll(async () => {
  secret = (await newPartner(await platformAdmin())).key.secret;
});

async function bookOne(key = secret): Promise<Booking> {
  const [offer] = await flightOffers(key);
  const res = await book(key, { offerToken: offer?.offerToken, contact });
  expect(res.status).toBe(201);
  return dataOf(res);
}

interface QuoteBody {
  data: {
    id: string;
    bookingId: string;
    refundAmount: number;
    penalty: number;
    currency: string;
    rule: string;
    expiresAt: string;
  };
}

const quote = (id: string, key = secret) =>
  partnerCall(key, 'POST', `/api/v1/bookings/${id}/cancellation-quote`);
const cancel = (id: string, body: object, key = secret) =>
  partnerCall(key, 'POST', `/api/v1/bookings/${id}/cancel`, { body: JSON.stringify(body) });

describe('POST /api/v1/bookings/{id}/cancellation-quote', () => {
  it('when the owner asks, then 200 with the full refund and its rule for 5 minutes, and the booking stays Upcoming', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Answers what cancelling this `Upcoming` booking now would refund (`refundAmount`, `penalty`, `currency`) and the refund rule that applied, as a quote `id` valid until `expiresAt` (5 minutes).',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      "Today's rule: `full_refund_before_travel` (an `Upcoming` booking cancelled before its travel date, UTC, is credited in full on the tenant's next invoice; `penalty` 0).",
    );
    const booking = await bookOne();
    const res = await quote(booking.id);
    expect(res.status).toBe(200);
    const { data } = res.body as QuoteBody;
    expect(data).toEqual({
      id: expect.stringMatching(/^cqt_[A-Za-z0-9_-]{22}$/),
      bookingId: booking.id,
      refundAmount: booking.amount,
      penalty: 0,
      currency: 'INR',
      rule: 'full_refund_before_travel',
      expiresAt: expect.any(String),
    });
    const minutesLeft = (Date.parse(data.expiresAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(4);
    expect(minutesLeft).toBeLessThanOrEqual(5);
    const read = await partnerCall(secret, 'GET', `/api/v1/bookings/${booking.id}`);
    expect(dataOf(read).status).toBe('Upcoming');
  });

  it("when another organisation's client asks, then 404 not_found", async () => {
    documented('gateway/openapi/partner.texts.yaml', "Another client's booking is `404 not_found`.");
    const booking = await bookOne();
    const other = (await newPartner(await platformAdmin())).key.secret;
    const res = await quote(booking.id, other);
    expect([res.status, errorOf(res).code]).toEqual([404, 'not_found']);
  });

  it('when the booking is cancelled already, then 409 conflict', async () => {
    documented('gateway/openapi/partner.texts.yaml', 'is `409 conflict`, as the cancel would answer');
    const booking = await bookOne();
    expect((await cancel(booking.id, {})).status).toBe(200);
    const res = await quote(booking.id);
    expect([res.status, errorOf(res).code]).toEqual([409, 'conflict']);
  });
});

describe('POST /api/v1/bookings/{id}/cancel with a quoteId', () => {
  it('when the quote is fresh, then 200 Cancelled', async () => {
    const booking = await bookOne();
    const { data } = (await quote(booking.id)).body as QuoteBody;
    const res = await cancel(booking.id, { quoteId: data.id });
    expect([res.status, dataOf(res).status]).toEqual([200, 'Cancelled']);
  });

  it("when the quote is another booking's or unknown, then 409 quote_invalid and nothing changes; a malformed one is 400 on quoteId", async () => {
    // quote_expired and refund_changed: services/booking/test/cancellation-quotes.test.ts.
    documented(
      'gateway/openapi/partner.texts.yaml',
      '| 409 | `quote_invalid`, `quote_expired`, `refund_changed` | A cancel naming a cancellation quote it cannot honour |',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      "a quote that is not this booking's (or not your client's) is `409 quote_invalid`",
    );
    const [first, second] = [await bookOne(), await bookOne()];
    const { data } = (await quote(first.id)).body as QuoteBody;
    for (const quoteId of [data.id, 'cqt_AAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await cancel(second.id, { quoteId });
      expect([res.status, errorOf(res).code]).toEqual([409, 'quote_invalid']);
    }
    const malformed = await cancel(second.id, { quoteId: 'quote-1' });
    expect([malformed.status, detailPaths(malformed)]).toEqual([400, ['quoteId']]);
    const read = await partnerCall(secret, 'GET', `/api/v1/bookings/${second.id}`);
    expect(dataOf(read).status).toBe('Upcoming');
  });

  it('when 10 cancels name the same quote at once, then exactly one is 200 and the others 409 conflict', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A booking cancels once, so many cancels naming the same quote make one cancellation (the others `409 conflict`).',
    );
    const booking = await bookOne();
    const { data } = (await quote(booking.id)).body as QuoteBody;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => cancel(booking.id, { quoteId: data.id })),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    expect(answers.filter((res) => res.status === 409).map((res) => errorOf(res).code)).toEqual(
      Array(9).fill('conflict'),
    );
  });

  it('when the SDK quotes and cancels at the quote, then the booking is cancelled and a reuse is conflict', async () => {
    const sdk = documentedSdk(secret);
    const booking = await bookOne();
    const quoted = await sdk.quoteCancellation(booking.id);
    expect(quoted).toMatchObject({ bookingId: booking.id, refundAmount: booking.amount, penalty: 0 });
    expect((await sdk.cancelBooking(booking.id, { quoteId: quoted.id })).status).toBe('Cancelled');
    const again = await sdk
      .cancelBooking(booking.id, { quoteId: quoted.id })
      .catch((error: unknown) => error);
    expect(isPartnerApiError(again) && [again.status, again.code]).toEqual([409, 'conflict']);
  });
});

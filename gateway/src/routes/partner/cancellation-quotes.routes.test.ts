import request from 'supertest';
import type { ServiceClients } from '../../clients/service-clients';
import { partnerTestApp, testKey } from '../../middleware/middleware.fixture';
import { bookingReply } from './booking.fixture';
import { bookingsRoutes } from './bookings.routes';
import { cancellationQuotesRoutes } from './cancellation-quotes.routes';
import { offerKeysRoutes } from './offer-keys.routes';

const expiresAt = new Date('2026-11-21T10:05:00.000Z');
const quoteId = 'cqt_Vb3mK9qLr2TxY8wZp0aH1c';

/** A booking client that records what it is asked and answers as booking would. */
function appWithBooking() {
  const calls: [string, unknown][] = [];
  const answer = (method: string, reply: object) => async (input: unknown) => {
    calls.push([method, input]);
    return reply;
  };
  const booking = {
    quoteCancellation: answer('quoteCancellation', {
      quote: {
        id: quoteId,
        bookingId: 'bkg_42',
        refundAmount: 10_943,
        penalty: 0,
        currency: 'INR',
        rule: 'full_refund_before_travel',
        expiresAt,
      },
    }),
    cancelBooking: answer('cancelBooking', { booking: { ...bookingReply(), status: 'Cancelled' } }),
    listOfferKeys: answer('listOfferKeys', {
      keys: [
        { kid: 'kid-new', x: 'x-new', active: true },
        { kid: 'kid-old', x: 'x-old', active: false },
      ],
    }),
  };
  const clients = { booking } as unknown as ServiceClients;
  const routes = [
    ...cancellationQuotesRoutes({ clients }),
    ...bookingsRoutes({ clients }),
    ...offerKeysRoutes({ clients }),
  ];
  return { calls, app: partnerTestApp(routes, testKey()) };
}

describe('cancellation quote and offer key routes', () => {
  it('when a quote is asked, then the service gets the booking id and the answer is the quote with an ISO expiry', async () => {
    const { app, calls } = appWithBooking();
    const res = await request(app).post('/api/v1/bookings/bkg_42/cancellation-quote').send({});
    expect([res.status, res.body]).toEqual([
      200,
      {
        data: {
          id: quoteId,
          bookingId: 'bkg_42',
          refundAmount: 10_943,
          penalty: 0,
          currency: 'INR',
          rule: 'full_refund_before_travel',
          expiresAt: '2026-11-21T10:05:00.000Z',
        },
      },
    ]);
    expect(calls).toEqual([['quoteCancellation', expect.objectContaining({ id: 'bkg_42' })]]);
  });

  it('when a quote is asked with a body or of a malformed id, then 400 or 404 without a call', async () => {
    const { app, calls } = appWithBooking();
    const withBody = await request(app).post('/api/v1/bookings/bkg_42/cancellation-quote').send({ x: 1 });
    expect(withBody.status).toBe(400);
    const badId = await request(app).post('/api/v1/bookings/42/cancellation-quote').send({});
    expect(badId.status).toBe(404);
    expect(calls).toEqual([]);
  });

  it('when a cancel names a quote, then it is passed on; without one none is; a malformed one is 400 on quoteId', async () => {
    const { app, calls } = appWithBooking();
    expect((await request(app).post('/api/v1/bookings/bkg_42/cancel').send({ quoteId })).status).toBe(200);
    expect((await request(app).post('/api/v1/bookings/bkg_42/cancel')).status).toBe(200);
    const bad = await request(app).post('/api/v1/bookings/bkg_42/cancel').send({ quoteId: 'q1' });
    expect([bad.status, bad.body.error.details.map((d: { path: string }) => d.path)]).toEqual([
      400,
      ['quoteId'],
    ]);
    expect(calls).toEqual([
      ['cancelBooking', expect.objectContaining({ id: 'bkg_42', quoteId })],
      ['cancelBooking', expect.objectContaining({ id: 'bkg_42', quoteId: undefined })],
    ]);
  });

  it('when the offer keys are asked, then a cacheable JWKS of every key, no private part', async () => {
    const { app } = appWithBooking();
    const res = await request(app).get('/api/v1/offer-keys');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toEqual({
      keys: [
        { kty: 'OKP', crv: 'Ed25519', x: 'x-new', kid: 'kid-new', alg: 'EdDSA', use: 'sig', active: true },
        { kty: 'OKP', crv: 'Ed25519', x: 'x-old', kid: 'kid-old', alg: 'EdDSA', use: 'sig', active: false },
      ],
    });
  });
});

import { caller as callerContract } from '@travel/contracts';
import { documented } from '@travel/testkit';
import request from 'supertest';
import type { ServiceClients } from '../../clients/service-clients';
import { partnerTestApp, testKey } from '../../middleware/middleware.fixture';
import { fingerprintOf } from '../common/booking-requests';
import { bookingReply } from './booking.fixture';
import { bookingsRoutes } from './bookings.routes';

const stored = bookingReply({ reference: 'PO-1', livemode: false, travellers: [] });

/** A booking client that records what it is asked and answers `stored`. */
function fakeBookingClient(replayed = false) {
  const calls: [string, unknown][] = [];
  const answer = (method: string, reply: object) => async (input: unknown) => {
    calls.push([method, input]);
    return reply;
  };
  const client = {
    createBooking: answer('createBooking', { booking: stored, replayed }),
    getBooking: answer('getBooking', { booking: stored }),
    listBookings: answer('listBookings', { bookings: [stored], nextCursor: 'next' }),
    cancelBooking: answer('cancelBooking', { booking: { ...stored, status: 'Cancelled' } }),
  };
  return { calls, clients: { booking: client } as unknown as ServiceClients };
}

const KEY = 'retry-key-0001';
// The key's caller as `callerOf` builds it (its request id differs per request).
const caller = expect.objectContaining({
  kind: callerContract.Caller_Kind.KIND_PARTNER_CLIENT,
  tenantId: 'ten_1',
  clientId: 7,
  environment: 'test',
  userId: '',
});
const body = { offerToken: 'ot2.x', contact: { name: ' Asha Rao ', email: 'asha@example.com' } };

function appWith(options: { replayed?: boolean; tenantId?: string | null } = {}) {
  const fake = fakeBookingClient(options.replayed);
  const key = testKey({
    environment: 'test',
    tenantId: options.tenantId === undefined ? 'ten_1' : options.tenantId,
  });
  return { ...fake, app: partnerTestApp(bookingsRoutes(fake), key) };
}

describe('booking routes', () => {
  it('when a booking is created, then the service gets the key, the fingerprint and the checked body; 201 without the replay header', async () => {
    const { app, calls } = appWith();
    const res = await request(app).post('/api/v1/bookings').set('Idempotency-Key', KEY).send(body);
    expect(res.status).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(res.body.data).toMatchObject({
      id: 'bkg_42',
      createdAt: '2026-11-21 04:05:06',
      reference: 'PO-1',
    });
    expect(calls).toEqual([
      [
        'createBooking',
        {
          caller,
          idempotencyKey: KEY,
          requestFingerprint: fingerprintOf(body),
          offerToken: 'ot2.x',
          contact: { name: 'Asha Rao', email: 'asha@example.com' },
          travellers: [],
        },
      ],
    ]);
  });

  it('when the service replays an earlier booking, then 201 with Idempotent-Replayed: true', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`true` when this `201` is the stored answer of an earlier request with the same `Idempotency-Key` and body (no second booking was made).',
    );
    const res = await request(appWith({ replayed: true }).app)
      .post('/api/v1/bookings')
      .set('Idempotency-Key', KEY)
      .send(body);
    expect(res.status).toBe(201);
    expect(res.headers['idempotent-replayed']).toBe('true');
  });

  it('when the key is missing, then 400 idempotency_key_required and no service call', async () => {
    documented('gateway/openapi/partner.texts.yaml', 'No key: `400 idempotency_key_required`.');
    const { app, calls } = appWith();
    const res = await request(app).post('/api/v1/bookings').send(body);
    expect([res.status, res.body.error.code]).toEqual([400, 'idempotency_key_required']);
    expect(calls).toEqual([]);
  });

  it('when the client is not linked to a tenant, then 403 client_not_linked on every booking route and no service call', async () => {
    const { app, calls } = appWith({ tenantId: null });
    const answers = await Promise.all([
      request(app).post('/api/v1/bookings').set('Idempotency-Key', KEY).send(body),
      request(app).get('/api/v1/bookings'),
      request(app).get('/api/v1/bookings/bkg_42'),
      request(app).post('/api/v1/bookings/bkg_42/cancel'),
    ]);
    expect(answers.map((res) => [res.status, res.body.error.code])).toEqual(
      Array(4).fill([403, 'client_not_linked']),
    );
    expect(calls).toEqual([]);
  });

  it('when bookings are listed, then limit defaults to 25 and the list envelope carries the next cursor', async () => {
    const { app, calls } = appWith();
    const res = await request(app).get('/api/v1/bookings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hasMore: true, nextCursor: 'next' });
    expect(Object.keys(res.body.data[0])).not.toContain('contact');
    expect(calls).toEqual([['listBookings', { caller, limit: 25, cursor: undefined }]]);
  });

  it('when a limit and cursor are sent, then they are passed on; a bad limit is 400 without a call', async () => {
    const { app, calls } = appWith();
    expect((await request(app).get('/api/v1/bookings?limit=7&cursor=abc')).status).toBe(200);
    expect(calls).toEqual([['listBookings', { caller, limit: 7, cursor: 'abc' }]]);
    const bad = await request(app).get('/api/v1/bookings?limit=0');
    expect([bad.status, bad.body.error.details]).toEqual([
      400,
      [{ path: 'limit', message: expect.any(String) }],
    ]);
    expect(calls).toHaveLength(1);
  });

  it('when a booking is read by id, then it comes with contact and travellers', async () => {
    const { app, calls } = appWith();
    const res = await request(app).get('/api/v1/bookings/bkg_42');
    expect(res.status).toBe(200);
    expect(res.body.data.contact).toEqual({ name: 'Asha Rao', email: 'asha@example.com', phone: null });
    expect(calls).toEqual([['getBooking', { caller, id: 'bkg_42' }]]);
  });

  it('when the id is not bkg_<n>, then 404 not_found without asking the service', async () => {
    const { app, calls } = appWith();
    for (const path of ['/api/v1/bookings/42', '/api/v1/bookings/bkg_x/cancel']) {
      const res = await request(app)[path.endsWith('cancel') ? 'post' : 'get'](path);
      expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
    }
    expect(calls).toEqual([]);
  });

  it('when a booking is cancelled with no body or {}, then the service cancels it; any other body is 400', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'No request body is needed (an empty body or `{}` is accepted; anything else is `400 bad_request`).',
    );
    const { app, calls } = appWith();
    const res = await request(app).post('/api/v1/bookings/bkg_42/cancel');
    expect([res.status, res.body.data.status]).toEqual([200, 'Cancelled']);
    expect((await request(app).post('/api/v1/bookings/bkg_42/cancel').send({})).status).toBe(200);
    expect((await request(app).post('/api/v1/bookings/bkg_42/cancel').send({ reason: 'x' })).status).toBe(
      400,
    );
    expect(calls.map(([method]) => method)).toEqual(['cancelBooking', 'cancelBooking']);
  });
});

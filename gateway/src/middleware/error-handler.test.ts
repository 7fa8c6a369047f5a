import { AppError } from '@travel/errors';
import { documented } from '@travel/testkit';
import request from 'supertest';
import { middlewareTestApp } from './middleware.fixture';

const app = middlewareTestApp([
  {
    method: 'get',
    path: '/conflict',
    access: { kind: 'public' },
    handlers: [
      () => {
        throw new AppError('conflict', 'Only Upcoming bookings can be cancelled.');
      },
    ],
  },
  {
    method: 'get',
    path: '/invalid',
    access: { kind: 'public' },
    handlers: [
      () => {
        throw new AppError('bad_request', 'Validation failed.', [
          { path: 'contact.email', message: 'must be an email' },
        ]);
      },
    ],
  },
  {
    method: 'get',
    path: '/unavailable',
    access: { kind: 'public' },
    handlers: [
      () => {
        throw new AppError('service_unavailable');
      },
    ],
  },
  {
    method: 'get',
    path: '/switched-off',
    access: { kind: 'public' },
    handlers: [
      () => {
        throw new AppError('api_disabled');
      },
    ],
  },
  {
    method: 'get',
    path: '/boom',
    access: { kind: 'public' },
    handlers: [
      () => {
        throw new Error('database password is hunter2');
      },
    ],
  },
]);

describe('error handler', () => {
  it('when a catalog error is thrown, then its status, code and message are answered', async () => {
    const res = await request(app).get('/conflict');
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'conflict',
      message: 'Only Upcoming bookings can be cancelled.',
    });
  });

  it('when a bad request has field problems, then details lists them', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '| 400 | `bad_request` | Validation failed; `details` lists `{ path, message }` per field |',
    );
    const res = await request(app).get('/invalid');
    expect(res.body.error.details).toEqual([{ path: 'contact.email', message: 'must be an email' }]);
  });

  it('when an unknown error is thrown, then a generic 500 internal_error hides its text', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '| 500 | `internal_error` | Unexpected; retry with backoff and report `requestId` |',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`internal_error`: unexpected; retry with backoff and report `requestId`.',
    );
    const res = await request(app).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body.error).toEqual({
      code: 'internal_error',
      message: 'An unexpected error occurred. Retry with backoff and report the request id.',
      requestId: res.headers['x-request-id'],
      details: null,
    });
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
  });

  it('when a 503 is answered, then it carries Retry-After: 1 s, 60 s for an API switched off', async () => {
    const unavailable = await request(app).get('/unavailable');
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers['retry-after']).toBe('1');
    const switchedOff = await request(app).get('/switched-off');
    expect(switchedOff.status).toBe(503);
    expect(switchedOff.headers['retry-after']).toBe('60');
  });

  it('when another error is answered, then it carries no Retry-After', async () => {
    const res = await request(app).get('/conflict');
    expect(res.headers['retry-after']).toBeUndefined();
  });
});

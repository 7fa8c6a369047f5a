import { AppError } from '@travel/errors';
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
    const res = await request(app).get('/invalid');
    expect(res.body.error.details).toEqual([{ path: 'contact.email', message: 'must be an email' }]);
  });

  it('when an unknown error is thrown, then a generic 500 internal_error hides its text', async () => {
    const res = await request(app).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('internal_error');
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
  });
});

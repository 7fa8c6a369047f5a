import { AppError } from '@travel/errors';
import { createLogger } from '@travel/logger';
import { documented } from '@travel/testkit';
import type { NextFunction, Request, Response } from 'express';
import request from 'supertest';
import { assembleApp } from '../app';
import type { RouteDefinition } from '../http/route-table';
import { middlewareTestApp } from './middleware.fixture';

/** A route that throws `error`, after the handler's own step (a header set, a body started) if any. */
function throwing(path: string, error: Error, before?: (res: Response) => void): RouteDefinition {
  return {
    method: 'get',
    path,
    access: { kind: 'public' },
    handlers: [
      (_req: Request, res: Response, next: NextFunction) => {
        before?.(res);
        next(error);
      },
    ],
  };
}

const app = middlewareTestApp([
  throwing('/conflict', new AppError('conflict', 'Only Upcoming bookings can be cancelled.')),
  throwing(
    '/invalid',
    new AppError('bad_request', 'Validation failed.', [
      { path: 'contact.email', message: 'must be an email' },
    ]),
  ),
  throwing('/unavailable', new AppError('service_unavailable')),
  throwing('/switched-off', new AppError('api_disabled')),
  throwing('/boom', new Error('database password is hunter2')),
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

describe('error handler, what it logs and keeps', () => {
  const lines: { level: string; msg: string; err?: { message?: string; code?: string } }[] = [];
  const logger = createLogger({
    name: 'test',
    level: 'debug',
    destination: { write: (line: string) => lines.push(JSON.parse(line)) },
  });
  const logged = () =>
    lines
      .filter((line) => line.level === 'error')
      .map((line) => ({ msg: line.msg, err: line.err?.message, code: line.err?.code }));
  const loggingApp = assembleApp(
    logger,
    [
      throwing('/unavailable', new AppError('service_unavailable')),
      throwing('/internal', new AppError('internal_error', 'The ledger is inconsistent.')),
      throwing('/conflict', new AppError('conflict', 'Taken.')),
      throwing('/boom', new Error('database password is hunter2')),
      throwing('/busy', new AppError('service_unavailable'), (res) => res.setHeader('Retry-After', '7')),
      throwing('/late', new Error('failed after the first byte'), (res) => {
        res.status(200).type('text/plain').write('partial');
      }),
    ],
    undefined,
  );
  beforeEach(() => {
    lines.length = 0;
  });

  it('when a 5xx catalog error is answered, then it is logged as an error with its message; a 4xx is not', async () => {
    await request(loggingApp).get('/unavailable');
    await request(loggingApp).get('/internal');
    await request(loggingApp).get('/conflict');
    expect(logged()).toEqual([
      {
        msg: 'A backing service is temporarily unavailable. Retry with backoff.',
        err: 'A backing service is temporarily unavailable. Retry with backoff.',
        code: 'service_unavailable',
      },
      { msg: 'The ledger is inconsistent.', err: 'The ledger is inconsistent.', code: 'internal_error' },
    ]);
  });

  it('when an unknown error is answered 500, then the log keeps what the answer hides', async () => {
    await request(loggingApp).get('/boom');
    expect(logged()).toEqual([
      { msg: 'unhandled error', err: 'database password is hunter2', code: undefined },
    ]);
  });

  it('when the route set its own Retry-After, then a 503 keeps it', async () => {
    const res = await request(loggingApp).get('/busy');
    expect([res.status, res.headers['retry-after']]).toEqual([503, '7']);
  });

  it('when the answer had started, then it is ended as it was (no envelope after it) and the error is logged', async () => {
    const res = await request(loggingApp).get('/late');
    expect([res.status, res.text]).toEqual([200, 'partial']);
    expect(logged()).toEqual([
      { msg: 'error after the response started', err: 'failed after the first byte', code: undefined },
    ]);
  });
});

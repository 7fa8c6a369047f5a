import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@travel/logger';
import express from 'express';
import request from 'supertest';
import { consoleProxy, isConsolePath } from './console-proxy';

const logger = createLogger({ name: 'test', level: 'silent' });

function appFor(target: string) {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.requestId = 'req_test';
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    next();
  });
  app.use(consoleProxy(target, logger, 1000));
  app.use((_req, res) => {
    res.status(404).json({ error: 'not the console' });
  });
  return app;
}

describe('the console proxy', () => {
  let upstream: Server;
  let target: string;
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      res.setHeader('Content-Security-Policy', "default-src 'self'");
      res.setHeader('Content-Type', 'text/plain');
      res.end(`console saw ${req.url}`);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

  it('forwards /console and its paths whole, with the console’s own headers', async () => {
    const res = await request(appFor(target)).get('/console/logs/req_1?status=5xx');
    expect(res.status).toBe(200);
    expect(res.text).toBe('console saw /console/logs/req_1?status=5xx');
    expect(res.headers['content-security-policy']).toBe("default-src 'self'");
    expect((await request(appFor(target)).get('/console')).text).toBe('console saw /console');
  });

  it('leaves every other path to the gateway', async () => {
    expect((await request(appFor(target)).get('/consoles')).status).toBe(404);
    expect((await request(appFor(target)).get('/api/console')).status).toBe(404);
    expect(isConsolePath('/console-x')).toBe(false);
  });

  it('answers 503 in the error envelope, at once, when the console does not answer', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const started = Date.now();
    const res = await request(appFor(`http://127.0.0.1:${port}`)).get('/console/');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({
      error: {
        code: 'service_unavailable',
        message: 'The console is unavailable; try again shortly.',
        requestId: 'req_test',
        details: null,
      },
    });
  });
});

import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@travel/logger';
import request from 'supertest';
import { assembleApp } from '../app';
import { requestContextOf } from '../http/request-context';
import type { RouteDefinition } from '../http/route-table';

const logger = createLogger({ name: 'test', level: 'silent' });
const BUDGET_MS = 7000;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Routes that answer what the budget gave them; `/slow` hands its signal out and answers only when told. */
function budgetApp() {
  const slow = deferred<AbortSignal>();
  const answerSlow = deferred<void>();
  const answered: Array<{ signal: AbortSignal | undefined }> = [];
  const budgetOf = (res: Parameters<RouteDefinition['handlers'][number]>[1]) => {
    const { deadline, signal } = requestContextOf(res);
    answered.push({ signal });
    return { leftMs: (deadline?.getTime() ?? 0) - Date.now(), aborted: signal?.aborted };
  };
  const routes: RouteDefinition[] = [
    {
      method: 'get',
      path: '/api/default',
      access: { kind: 'public' },
      handlers: [(_req, res) => void res.json({ data: budgetOf(res) })],
    },
    {
      method: 'get',
      path: '/api/long',
      access: { kind: 'public' },
      budgetMs: 60_000,
      handlers: [(_req, res) => void res.json({ data: budgetOf(res) })],
    },
    {
      method: 'get',
      path: '/api/slow',
      access: { kind: 'public' },
      handlers: [
        async (_req, res) => {
          const { signal } = requestContextOf(res);
          if (signal) slow.resolve(signal);
          await answerSlow.promise;
          if (!res.destroyed) res.json({ data: true });
        },
      ],
    },
  ];
  const app = assembleApp(logger, routes, undefined, { requestBudgetMs: BUDGET_MS });
  return { app, slow: slow.promise, answerSlow: answerSlow.resolve, answered };
}

describe('the request budget', () => {
  it('when a route has no budget of its own, then its deadline is the default budget from arrival', async () => {
    const { app } = budgetApp();
    const { leftMs, aborted } = (await request(app).get('/api/default')).body.data;
    expect(leftMs).toBeLessThanOrEqual(BUDGET_MS);
    expect(leftMs).toBeGreaterThan(BUDGET_MS - 5000);
    expect(aborted).toBe(false);
  });

  it('when a route has a budget of its own, then that one sets its deadline', async () => {
    const { app } = budgetApp();
    const { leftMs } = (await request(app).get('/api/long')).body.data;
    expect(leftMs).toBeLessThanOrEqual(60_000);
    expect(leftMs).toBeGreaterThan(60_000 - 5000);
  });

  it('when the answer was sent, then the signal is never aborted', async () => {
    const { app, answered } = budgetApp();
    expect((await request(app).get('/api/default')).status).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered[0]?.signal?.aborted).toBe(false);
  });

  it('when the client hangs up before the answer, then the signal is aborted', async () => {
    const { app, slow, answerSlow } = budgetApp();
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = httpRequest({ host: '127.0.0.1', port, path: '/api/slow' });
      client.on('error', () => undefined);
      client.end();
      const signal = await slow;
      expect(signal.aborted).toBe(false);
      // Abort comes as the server sees the socket close; the 10 s only stops a broken build hanging the test.
      const aborted = new Promise((resolve) => {
        signal.addEventListener('abort', resolve);
        setTimeout(resolve, 10_000).unref();
      });
      client.destroy();
      await aborted;
      expect(signal.aborted).toBe(true);
    } finally {
      answerSlow();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

import { createLogger } from '@travel/logger';
import type { RequestHandler } from 'express';
import request from 'supertest';
import { assembleApp } from '../app';
import { requestContextOf } from '../http/request-context';
import type { RouteDefinition } from '../http/route-table';
import type { PartnerCall, UsageRecorder } from '../usage/usage-recorder';
import { testKey } from './middleware.fixture';
import { recordUsage } from './record-usage';

const logger = createLogger({ name: 'test', level: 'silent' });
const routes: RouteDefinition[] = [
  {
    method: 'post',
    path: '/api/v1/bookings/:id/cancel',
    access: { kind: 'partner', scope: null },
    handlers: [(_req, res) => void res.status(201).json({ data: true })],
  },
  {
    method: 'get',
    path: '/api/blogs',
    access: { kind: 'public' },
    handlers: [(_req, res) => void res.json({ data: true })],
  },
];

/** Usage recorded into a list; the key is verified when the request says so (`x-test-key: yes`). */
function usageApp() {
  const calls: PartnerCall[] = [];
  const usage = { record: (call: PartnerCall) => void calls.push(call) } as unknown as UsageRecorder;
  const verified: RequestHandler = (req, res, next) => {
    if (req.get('x-test-key') === 'yes') requestContextOf(res).key = testKey({ keyId: 'key_7', clientId: 9 });
    next();
  };
  const app = assembleApp(logger, routes, {
    clientAddress: (_req, _res, next) => next(),
    platform: [],
    public: [],
    partner: [recordUsage(usage), verified],
    staff: [],
    customer: [],
  });
  return { app, calls };
}

/** The answer is sent before `finish` fires on the gateway's side: wait for the record. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('usage of partner calls', () => {
  it('when a partner call with a verified key is answered, then its key, client, route template, status and latency are recorded', async () => {
    const { app, calls } = usageApp();
    const before = Date.now();
    expect((await request(app).post('/api/v1/bookings/bkg_1/cancel').set('x-test-key', 'yes')).status).toBe(
      201,
    );
    await settled();
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call).toMatchObject({
      clientId: 9,
      keyId: 'key_7',
      method: 'POST',
      route: '/api/v1/bookings/:id/cancel',
      status: 201,
    });
    expect(call?.at.getTime()).toBeGreaterThanOrEqual(before);
    expect(call?.at.getTime()).toBeLessThanOrEqual(Date.now());
    expect(call?.latencyMs).toBeGreaterThan(0);
  });

  it('when no key was verified, or the route is not a partner route, then nothing is recorded', async () => {
    const { app, calls } = usageApp();
    expect((await request(app).post('/api/v1/bookings/bkg_1/cancel')).status).toBe(201);
    expect((await request(app).get('/api/blogs').set('x-test-key', 'yes')).status).toBe(200);
    await settled();
    expect(calls).toEqual([]);
  });
});

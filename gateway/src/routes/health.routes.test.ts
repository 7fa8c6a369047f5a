import request from 'supertest';
import type { PlatformHealth } from '../health/platform-health';
import { middlewareTestApp } from '../middleware/middleware.fixture';
import { healthRoutes } from './health.routes';

// The report as the background job last made it: identity unreachable, Kafka down.
const report = {
  status: 'degraded',
  checkedAt: '2026-11-26T09:00:00.000Z',
  services: { identity: { status: 'UNREACHABLE', dependencies: {} } },
  infrastructure: { mongodb: 'ok', kafka: 'down', redis: 'ok' },
} as unknown as PlatformHealth;

const routes = (draining: boolean) =>
  healthRoutes({
    health: { current: () => report },
    isDraining: () => draining,
    now: () => new Date(),
  }).filter((route) => route.access.kind === 'public');

describe('the health routes', () => {
  it('when anyone asks /api/health, then only the status and when it was seen are answered, no service or dependency', async () => {
    const res = await request(middlewareTestApp(routes(false))).get('/api/health');
    expect([res.status, res.body]).toEqual([
      200,
      { data: { status: 'degraded', checkedAt: report.checkedAt } },
    ]);
  });

  it('when every dependency is down, then the gateway is still ready; when it drains, then it is not', async () => {
    expect((await request(middlewareTestApp(routes(false))).get('/api/ready')).status).toBe(200);
    const draining = await request(middlewareTestApp(routes(true))).get('/api/ready');
    expect([draining.status, draining.body.error.code, draining.headers['retry-after']]).toEqual([
      503,
      'service_unavailable',
      '1',
    ]);
  });
});

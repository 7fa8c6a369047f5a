import { metricValue, registry } from '@travel/metrics';
import request from 'supertest';
import { middlewareTestApp } from './middleware.fixture';

const app = middlewareTestApp([
  {
    method: 'get',
    path: '/things/:id',
    access: { kind: 'public' },
    handlers: [(_req, res) => void res.json({ data: true })],
  },
]);

const requests = (labels: Record<string, string>) => metricValue('http_requests_total', labels);

describe('HTTP metrics', () => {
  it('when requests hit a route with parameters, then they count under its template, never the raw path', async () => {
    const before = await requests({ route: '/things/:id', method: 'GET', status: '200' });
    await request(app).get('/things/41');
    await request(app).get('/things/42');
    expect(await requests({ route: '/things/:id', method: 'GET', status: '200' })).toBe(before + 2);
    const text = await registry.metrics();
    expect(text).not.toContain('/things/41');
    expect(text).toMatch(/http_request_duration_seconds_count\{route="\/things\/:id",method="GET"\} \d+/);
  });

  it('when no route matches, then the request counts as unmatched with its status', async () => {
    const before = await requests({ route: 'unmatched', method: 'GET', status: '404' });
    await request(app).get('/nothing/at/all');
    expect(await requests({ route: 'unmatched', method: 'GET', status: '404' })).toBe(before + 1);
    expect(await registry.metrics()).not.toContain('/nothing/at/all');
  });
});

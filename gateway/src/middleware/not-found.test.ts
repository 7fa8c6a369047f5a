import { documented } from '@travel/testkit';
import request from 'supertest';
import { middlewareTestApp } from './middleware.fixture';

const ok = (_req: unknown, res: { json(body: unknown): void }) => res.json({ data: true });
const app = middlewareTestApp([
  { method: 'get', path: '/things/:id', access: { kind: 'public' }, handlers: [ok] },
  { method: 'delete', path: '/things/:id', access: { kind: 'public' }, handlers: [ok] },
  { method: 'post', path: '/things', access: { kind: 'public' }, handlers: [ok] },
  { method: 'put', path: '/things/:id', access: { kind: 'public' }, handlers: [ok] },
  { method: 'get', path: '/things/mine', access: { kind: 'public' }, handlers: [ok] },
]);

describe('not found and method not allowed', () => {
  it('when no route has the path, then 404 not_found in the envelope', async () => {
    const res = await request(app).get('/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: { code: 'not_found', message: expect.any(String), requestId: expect.any(String), details: null },
    });
  });

  it('when the path exists with other methods, then 405 with an Allow header listing them', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '| 405 | `method_not_allowed` | Known route, other method; `Allow` lists the methods |',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`method_not_allowed`: the path exists but not with this method; `Allow` lists the methods it has.',
    );
    const res = await request(app).post('/things/42');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('DELETE, GET, HEAD, PUT');
    expect(res.body.error.code).toBe('method_not_allowed');
  });

  it('when a route matches, then it is served', async () => {
    expect((await request(app).delete('/things/42')).status).toBe(200);
  });

  it('when a static path sits beside a parameterised one, then only its own methods are allowed', async () => {
    const res = await request(app).put('/things/mine');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect((await request(app).get('/things/mine')).status).toBe(200);
  });

  it('when OPTIONS is sent, then 200 with the Allow of the route table, and 404 on an unknown path', async () => {
    const own = await request(app).options('/things/mine');
    expect([own.status, own.headers.allow]).toEqual([200, 'GET, HEAD']);
    const param = await request(app).options('/things/42');
    expect([param.status, param.headers.allow]).toEqual([200, 'DELETE, GET, HEAD, PUT']);
    expect((await request(app).options('/nothing/here')).status).toBe(404);
  });
});

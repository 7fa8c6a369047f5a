import request from 'supertest';
import { middlewareTestApp } from './middleware.fixture';

const ok = (_req: unknown, res: { json(body: unknown): void }) => res.json({ data: true });
const app = middlewareTestApp([
  { method: 'get', path: '/things/:id', access: { kind: 'public' }, handlers: [ok] },
  { method: 'delete', path: '/things/:id', access: { kind: 'public' }, handlers: [ok] },
  { method: 'post', path: '/things', access: { kind: 'public' }, handlers: [ok] },
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
    const res = await request(app).put('/things/42');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('DELETE, GET, HEAD');
    expect(res.body.error.code).toBe('method_not_allowed');
  });

  it('when a route matches, then it is served', async () => {
    expect((await request(app).delete('/things/42')).status).toBe(200);
  });
});

import { documented } from '@travel/testkit';
import request from 'supertest';
import { middlewareTestApp } from './middleware.fixture';

const app = middlewareTestApp([
  {
    method: 'get',
    path: '/ok',
    access: { kind: 'public' },
    handlers: [(_req, res) => void res.json({ data: 1 })],
  },
]);

describe('request id', () => {
  it('when the caller sends a safe X-Request-Id, then it is echoed', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'every response carries `X-Request-Id` (send your own, 8 to 100 of `A-Z a-z 0-9 . _ : -`, and we echo it)',
    );
    for (const id of ['partner-trace-0001', 'a.b_c:D-9', 'x'.repeat(100)]) {
      const res = await request(app).get('/ok').set('X-Request-Id', id);
      expect(res.headers['x-request-id']).toBe(id);
    }
  });

  it.each(['short', '1234567', 'x'.repeat(101), 'has spaces in it', 'semi;colon;value'])(
    'when the caller sends an unsafe id (%s), then a fresh req_ id is generated',
    async (given) => {
      const res = await request(app).get('/ok').set('X-Request-Id', given);
      expect(res.headers['x-request-id']).toMatch(/^req_[0-9a-f]{32}$/);
    },
  );

  it('when an error is answered, then error.requestId equals the X-Request-Id header', async () => {
    const res = await request(app).get('/missing');
    expect(res.status).toBe(404);
    expect(res.body.error.requestId).toBe(res.headers['x-request-id']);
  });
});

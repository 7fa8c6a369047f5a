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
    const res = await request(app).get('/ok').set('X-Request-Id', 'partner-trace-0001');
    expect(res.headers['x-request-id']).toBe('partner-trace-0001');
  });

  it.each(['short', 'x'.repeat(101), 'has spaces in it', 'semi;colon;value'])(
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

import { documented } from '@travel/testkit';
import request from 'supertest';
import { MAX_BODY_BYTES } from './json-body';
import { middlewareTestApp } from './middleware.fixture';

const app = middlewareTestApp([
  {
    method: 'post',
    path: '/echo',
    access: { kind: 'public' },
    handlers: [(req, res) => void res.status(201).json({ data: req.body })],
  },
  {
    method: 'put',
    path: '/required',
    access: { kind: 'public' },
    bodyRequired: true,
    handlers: [(req, res) => void res.json({ data: req.body })],
  },
]);

describe('json body', () => {
  it('when the body is JSON, then the route receives it parsed', async () => {
    const res = await request(app).post('/echo').send({ a: 1 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { a: 1 } });
  });

  it('when the JSON is malformed, then 400 bad_request in the envelope', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Request bodies are JSON only and at most 1 MiB (`413 payload_too_large`); a body that is not JSON, or not `Content-Type: application/json`, is `400 bad_request`.',
    );
    const res = await request(app).post('/echo').set('Content-Type', 'application/json').send('{"a":');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'bad_request', details: null });
  });

  it('when the content type is not JSON, then 400 bad_request', async () => {
    const res = await request(app).post('/echo').set('Content-Type', 'text/plain').send('a=1');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  it('when the body is over 1 MiB, then 413 payload_too_large', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '| 413 | `payload_too_large` | Request body over 1 MiB |',
    );
    documented('gateway/openapi/partner.texts.yaml', '`payload_too_large`: the body is over 1 MiB.');
    expect(MAX_BODY_BYTES).toBe(1024 * 1024);
    const big = JSON.stringify({ blob: 'x'.repeat(MAX_BODY_BYTES) });
    const res = await request(app).post('/echo').set('Content-Type', 'application/json').send(big);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('when the body is exactly at the limit, then it is accepted', async () => {
    const padding = MAX_BODY_BYTES - JSON.stringify({ blob: '' }).length;
    const res = await request(app)
      .post('/echo')
      .send({ blob: 'x'.repeat(padding) });
    expect(res.status).toBe(201);
  });

  it('when the document requires a body and none is sent, then 400 on body; an empty object is a body', async () => {
    const res = await request(app).put('/required');
    expect([res.status, res.body.error?.details]).toEqual([
      400,
      [{ path: 'body', message: expect.any(String) }],
    ]);
    expect((await request(app).put('/required').send({})).status).toBe(200);
  });
});

import { documented } from '@travel/testkit';
import { type ApiResponse, call } from '../support/gateway';

function expectEnvelope(res: ApiResponse, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({
    error: { code, message: expect.any(String), requestId: res.headers.get('x-request-id'), details: null },
  });
}

describe('request id and error envelopes through the gateway', () => {
  it('when the caller sends X-Request-Id, then it is echoed on success and on error', async () => {
    const ok = await call('GET', '/api/v1/health', { headers: { 'X-Request-Id': 'e2e-trace-0000001' } });
    expect(ok.headers.get('x-request-id')).toBe('e2e-trace-0000001');
    const missing = await call('GET', '/api/v1/nope', { headers: { 'X-Request-Id': 'e2e-trace-0000002' } });
    expect(missing.headers.get('x-request-id')).toBe('e2e-trace-0000002');
    expect((missing.body as { error: { requestId: string } }).error.requestId).toBe('e2e-trace-0000002');
  });

  it('when the caller sends none, then a req_ id is generated', async () => {
    const res = await call('GET', '/api/v1/health');
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('when the route is unknown, then 404 not_found', async () => {
    documented('gateway/openapi/partner.texts.yaml', 'and we echo it); errors use the envelope below.');
    expectEnvelope(await call('GET', '/api/v1/does-not-exist'), 404, 'not_found');
    expectEnvelope(await call('GET', '/nothing'), 404, 'not_found');
  });

  it('when a known route gets another method, then 405 method_not_allowed with Allow', async () => {
    const res = await call('DELETE', '/api/v1/health');
    expectEnvelope(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  // A body is read only on a route that takes it (another method is 405 first): the sign-in takes POST.
  it('when the JSON is malformed, then 400 bad_request', async () => {
    const res = await call('POST', '/api/admin/auth/login', {
      headers: { 'Content-Type': 'application/json' },
      body: '{"x":',
    });
    expectEnvelope(res, 400, 'bad_request');
  });

  it('when the body is over 1 MiB, then 413 payload_too_large', async () => {
    const body = JSON.stringify({ blob: 'x'.repeat(1024 * 1024) });
    const res = await call('POST', '/api/admin/auth/login', {
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expectEnvelope(res, 413, 'payload_too_large');
  });
});

import { bearer, platformAdmin } from '../support/admin';
import { call, expectDocumented } from '../support/gateway';

describe('health', () => {
  it('when GET /api/v1/health, then 200 with exactly status, version and a fresh time, not wrapped', async () => {
    const res = await call('GET', '/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', version: 'v1', time: expect.any(String) });
    const { time } = res.body as { time: string };
    expect(Math.abs(Date.parse(time) - Date.now())).toBeLessThan(60_000);
    await expectDocumented('GET', '/api/v1/health', res);
  });

  it('when GET /api/health, then anyone gets only whether all is well and when the gateway last looked', async () => {
    const res = await call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'ok', checkedAt: expect.any(String) } });
    const { checkedAt } = (res.body as { data: { checkedAt: string } }).data;
    // A background report: a few seconds old at most (HEALTH_REFRESH_MS), never made for this request.
    expect(Date.now() - Date.parse(checkedAt)).toBeLessThan(10_000);
    await expectDocumented('GET', '/api/health', res);
  });

  it('when many ask /api/health at once, then they all get the same report (made in the background, not per request)', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('GET', '/api/health')));
    const seen = new Set(answers.map((res) => (res.body as { data: { checkedAt: string } }).data.checkedAt));
    expect(seen.size).toBeLessThanOrEqual(2);
  });

  it('when platform staff GET /api/admin/health, then every service and the infrastructure report healthy', async () => {
    const admin = await platformAdmin();
    const res = await call('GET', '/api/admin/health', { headers: bearer(admin.token) });
    expect(res.status).toBe(200);
    const { data } = res.body as { data: Record<string, unknown> };
    expect(data).toMatchObject({
      status: 'ok',
      infrastructure: { mongodb: 'ok', kafka: 'ok', redis: 'ok' },
      services: {
        identity: { status: 'SERVING', dependencies: { mongodb: 'SERVING', kafka: 'SERVING' } },
        search: { status: 'SERVING' },
        pricing: { status: 'SERVING', dependencies: { mongodb: 'SERVING' } },
        booking: { status: 'SERVING', dependencies: { mongodb: 'SERVING' } },
        billing: { status: 'SERVING', dependencies: { mongodb: 'SERVING', kafka: 'SERVING' } },
        webhook: { status: 'SERVING', dependencies: { mongodb: 'SERVING' } },
      },
    });
    await expectDocumented('GET', '/api/admin/health', res);
  });

  it('when GET /api/ready, then the gateway is ready', async () => {
    const res = await call('GET', '/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ready: true } });
    await expectDocumented('GET', '/api/ready', res);
  });

  it('when the docs are requested, then both documents and both pages are served', async () => {
    for (const base of ['/api/v1', '/api']) {
      const doc = await call('GET', `${base}/openapi.json`);
      expect(doc.status).toBe(200);
      expect(doc.body).toMatchObject({ openapi: '3.1.0' });
      // The page shows one section per declared tag; an untagged operation would sit under "default".
      const served = doc.body as { tags: Array<{ name: string }>; paths: Record<string, object> };
      const declared = served.tags.map((tag) => tag.name);
      const tagged = Object.values(served.paths).flatMap((item) =>
        Object.values(item as Record<string, { tags?: string[] }>).map((operation) => operation.tags?.[0]),
      );
      expect(declared.length).toBeGreaterThan(1);
      expect(tagged.filter((tag) => !declared.includes(tag as string))).toEqual([]);
      const page = await call('GET', `${base}/docs`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.text).toContain(`${base}/openapi.json`);
    }
    const asset = await call('GET', '/api/docs/assets/swagger-ui-bundle.js');
    expect(asset.status).toBe(200);
  });
});

import { createLogger } from '@travel/logger';
import { createMetricsServer } from './metrics-server';
import { counter } from './registry';

const logger = createLogger({ name: 'test', level: 'silent' });

describe('metrics server', () => {
  const server = createMetricsServer({ host: '127.0.0.1', port: 0, logger });
  const url = (path: string) => `http://127.0.0.1:${server.port()}${path}`;
  beforeAll(() => server.start());
  afterAll(() => server.stop());

  it('when scraped, then it answers the registry in the Prometheus text format with process metrics', async () => {
    counter('test_scraped_total', 'Scraped.', []).inc();
    const res = await fetch(url('/metrics'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const text = await res.text();
    expect(text).toContain('test_scraped_total 1');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('when asked for any other path or method, then it answers 404', async () => {
    expect((await fetch(url('/'))).status).toBe(404);
    expect((await fetch(url('/metrics/x'))).status).toBe(404);
    expect((await fetch(url('/metrics'), { method: 'POST' })).status).toBe(404);
  });
});

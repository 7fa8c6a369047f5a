import { counter, gaugeOnScrape, histogram, metricValue, registry } from './registry';

describe('metric helpers', () => {
  it('when a counter is declared twice, then both declarations count into one series', async () => {
    const first = counter('test_calls_total', 'Calls.', ['outcome']);
    const second = counter('test_calls_total', 'Calls.', ['outcome']);
    first.inc({ outcome: 'ok' });
    second.inc({ outcome: 'ok' });
    expect(first).toBe(second);
    expect(await metricValue('test_calls_total', { outcome: 'ok' })).toBe(2);
  });

  it('when a histogram observes, then its count and sum appear in the exposition text', async () => {
    histogram('test_latency_seconds', 'Latency.', ['route']).observe({ route: '/a/:id' }, 0.02);
    const text = await registry.metrics();
    expect(text).toContain('test_latency_seconds_count{route="/a/:id"} 1');
    expect(text).toContain('test_latency_seconds_bucket{le="0.025",route="/a/:id"} 1');
  });

  it('when a scrape gauge is declared again, then the newest reader answers', async () => {
    gaugeOnScrape('test_backlog', 'Backlog.', async () => 3);
    gaugeOnScrape('test_backlog', 'Backlog.', async () => 7);
    expect(await metricValue('test_backlog')).toBe(7);
  });

  it('when its reader fails, then the scrape still answers with the last value', async () => {
    let fail = false;
    gaugeOnScrape('test_queue_depth', 'Depth.', async () => {
      if (fail) throw new Error('store down');
      return 5;
    });
    expect(await metricValue('test_queue_depth')).toBe(5);
    fail = true;
    await expect(registry.metrics()).resolves.toContain('test_queue_depth 5');
  });

  it('when a scrape gauge has labelled series, then each series answers from its own reader', async () => {
    gaugeOnScrape('test_outbox_age', 'Age.', async () => 4, { outbox: 'a' });
    gaugeOnScrape('test_outbox_age', 'Age.', async () => 9, { outbox: 'b' });
    gaugeOnScrape('test_outbox_age', 'Age.', async () => 2, { outbox: 'a' });
    const text = await registry.metrics();
    expect(text).toContain('test_outbox_age{outbox="a"} 2');
    expect(text).toContain('test_outbox_age{outbox="b"} 9');
  });
});

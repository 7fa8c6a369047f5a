export { noteCappedRead } from './capped-reads';
export { createMetricsServer, type MetricsServer, type MetricsServerOptions } from './metrics-server';
export { type OldestWaiting, observeOutboxAge } from './outbox-age';
export {
  collectProcessMetrics,
  configureMetrics,
  counter,
  gauge,
  gaugeOnScrape,
  histogram,
  LATENCY_BUCKETS,
  metricsEnabled,
  metricValue,
  registry,
} from './registry';
export { sampleOf } from './sample-of';

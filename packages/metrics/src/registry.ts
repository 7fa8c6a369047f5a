import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The one registry of this process: every metric of every package registers here, and the metrics
 * listener serves it. Label values must come from a fixed set (route templates, gRPC methods, topics,
 * outcomes), never from ids, keys, tenants or raw paths: each distinct value is a series kept forever.
 */
export const registry = new Registry();

let enabled = true;
let processMetrics = false;

/** `METRICS_ENABLED=false`: the request paths (HTTP, gRPC) skip their instrumentation, no listener starts. */
export function configureMetrics(options: { enabled: boolean }): void {
  enabled = options.enabled;
}

export function metricsEnabled(): boolean {
  return enabled;
}

/**
 * How often the event-loop delay histogram (`nodejs_eventloop_lag_p99_seconds` and its kin) samples the loop.
 * prom-client's 10 ms is a timer firing 100 times a second in every process: about 0.25 % of a core each while
 * idle, the largest idle cost of a service (issue 45). Sampled every 100 ms a stall still shows when it delays a
 * sample (any stall of 100 ms or more does); a shorter one that ends before the next sample is due is not seen.
 */
export const EVENT_LOOP_SAMPLE_MS = 100;

/** Node.js process metrics (CPU, memory, heap, event-loop lag, handles, GC), once per process. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
}

/**
 * Seconds buckets for request latencies: 1 ms to 10 s, denser where a healthy call lands (a few ms to a
 * few hundred ms).
 */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Get-or-create: a metric is declared where it is used, and declaring it twice in one process (two
 * services of a component test, two clients of one package) returns the same metric.
 */
export function counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Counter<L>;
  return new Counter({ name, help, labelNames, registers: [registry] });
}

export function histogram<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  buckets: number[] = LATENCY_BUCKETS,
): Histogram<L> {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Histogram<L>;
  return new Histogram({ name, help, labelNames, buckets, registers: [registry] });
}

export function gauge<L extends string>(name: string, help: string, labelNames: readonly L[]): Gauge<L> {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Gauge<L>;
  return new Gauge({ name, help, labelNames, registers: [registry] });
}

/** The readers of each scrape gauge, by series (its labels as JSON). */
const readers = new Map<
  string,
  Map<string, { labels: Record<string, string>; read: () => Promise<number> }>
>();

/**
 * A gauge read when Prometheus scrapes (a backlog, a queue depth): `read` should be one cheap indexed
 * query. `labels` name one series of it (all series of a gauge carry the same label names). Declaring a
 * series again replaces its reader. A read that fails keeps the last value, so one slow or failed query
 * never fails the whole scrape.
 */
export function gaugeOnScrape(
  name: string,
  help: string,
  read: () => Promise<number>,
  labels: Record<string, string> = {},
): void {
  const series = readers.get(name) ?? new Map();
  readers.set(name, series);
  series.set(JSON.stringify(labels), { labels, read });
  if (registry.getSingleMetric(name)) return;
  new Gauge({
    name,
    help,
    labelNames: Object.keys(labels),
    registers: [registry],
    async collect() {
      const all = [...(readers.get(name)?.values() ?? [])];
      await Promise.all(
        all.map(async ({ labels: of, read: reader }) => {
          try {
            this.set(of, await reader());
          } catch {
            // keep the last value; the service's own health check reports the store
          }
        }),
      );
    },
  });
}

/** The current value of one series of a metric (0 when it has none yet): for tests and health reports. */
export async function metricValue(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = await registry.getSingleMetric(name)?.get();
  const series = metric?.values.find((value) =>
    Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted),
  );
  return series?.value ?? 0;
}

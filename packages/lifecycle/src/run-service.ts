import { createLogger, type Logger } from '@travel/logger';
import { configureMetrics, createMetricsServer } from '@travel/metrics';
import { startTracing } from '@travel/tracing';
import { type Component, runProcess } from './run-process';

/** What `runService` reads from every process's config beyond its own fields. */
export interface ProcessConfig {
  LOG_LEVEL: string;
  /** `metricsFields` of @travel/config: where the Prometheus metrics are served; absent: not served. */
  METRICS_HOST?: string;
  METRICS_PORT?: number;
  METRICS_ENABLED?: boolean;
  /** `tracingFields` of @travel/config: tracing is on when the endpoint is set. */
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_SERVICE_NAME?: string;
}

/**
 * The whole of a process's main.ts: read the config (printing every problem and exiting when it is
 * wrong), create the root logger, start tracing (when an OTLP endpoint is configured), build the
 * components by hand, run them until SIGTERM. The metrics listener starts first and stops last, so a
 * process is scraped for as long as it runs; tracing stops just before it, so the shutdown's spans are sent.
 */
export function runService<C extends ProcessConfig>(
  name: string,
  readConfig: () => C,
  /** The components, and a longer shutdown deadline when the process needs one (the gateway's drain). */
  build: (config: C, logger: Logger) => { components: Component[]; shutdownDeadlineMs?: number },
): void {
  const config = readConfigOrExit(name, readConfig);
  const logger = createLogger({ name, level: config.LOG_LEVEL });
  const tracing = startTracing({
    serviceName: config.OTEL_SERVICE_NAME || name,
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    logger,
  });
  const built = build(config, logger);
  void runProcess([...metricsComponents(config, logger), tracing, ...built.components], {
    logger,
    shutdownDeadlineMs: built.shutdownDeadlineMs,
  });
}

/** The config, or every problem printed and exit 1 (nothing else can run without it). */
export function readConfigOrExit<C>(name: string, readConfig: () => C): C {
  try {
    return readConfig();
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

function metricsComponents(config: ProcessConfig, logger: Logger): Component[] {
  const enabled = config.METRICS_ENABLED !== false && config.METRICS_PORT !== undefined;
  configureMetrics({ enabled });
  if (!enabled || config.METRICS_PORT === undefined) return [];
  return [
    createMetricsServer({ host: config.METRICS_HOST ?? '127.0.0.1', port: config.METRICS_PORT, logger }),
  ];
}

import { createLogger, type Logger } from '@travel/logger';
import { configureMetrics, createMetricsServer } from '@travel/metrics';
import { type Component, runProcess } from './run-process';

/** Where a process serves its Prometheus metrics (`metricsFields` of @travel/config); absent: not served. */
interface MetricsConfig {
  METRICS_HOST?: string;
  METRICS_PORT?: number;
  METRICS_ENABLED?: boolean;
}

/**
 * The whole of a process's main.ts: read the config (printing every problem and exiting when it is
 * wrong), create the root logger, build the components by hand, run them until SIGTERM. The metrics
 * listener starts first and stops last, so a process is scraped for as long as it runs.
 */
export function runService<C extends { LOG_LEVEL: string } & MetricsConfig>(
  name: string,
  readConfig: () => C,
  build: (config: C, logger: Logger) => { components: Component[] },
): void {
  let config: C;
  try {
    config = readConfig();
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const logger = createLogger({ name, level: config.LOG_LEVEL });
  void runProcess([...metricsComponents(config, logger), ...build(config, logger).components], { logger });
}

function metricsComponents(config: MetricsConfig, logger: Logger): Component[] {
  const enabled = config.METRICS_ENABLED !== false && config.METRICS_PORT !== undefined;
  configureMetrics({ enabled });
  if (!enabled || config.METRICS_PORT === undefined) return [];
  return [
    createMetricsServer({ host: config.METRICS_HOST ?? '127.0.0.1', port: config.METRICS_PORT, logger }),
  ];
}

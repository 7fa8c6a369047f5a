import { createLogger, type Logger } from '@travel/logger';
import { startTracing } from '@travel/tracing';
import { type Component, runProcess } from './run-process';

/** What `runService` reads from every process's config beyond its own fields. */
export interface ProcessConfig {
  LOG_LEVEL: string;
  /** `tracingFields` of @travel/config: tracing is on when the endpoint is set. */
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_SERVICE_NAME?: string;
}

/**
 * The whole of a process's main.ts: read the config (printing every problem and exiting when it is
 * wrong), create the root logger, start tracing (when an OTLP endpoint is configured), build the
 * components by hand, run them until SIGTERM. Tracing stops last, so the spans of the shutdown are sent.
 */
export function runService<C extends ProcessConfig>(
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
  const tracing = startTracing({
    serviceName: config.OTEL_SERVICE_NAME || name,
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    logger,
  });
  void runProcess([tracing, ...build(config, logger).components], { logger });
}

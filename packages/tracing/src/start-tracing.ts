import { context, DiagLogLevel, diag, propagation, trace } from '@opentelemetry/api';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Logger } from '@travel/logger';
import { tracingSdk } from './sdk';

export interface TracingOptions {
  /** `service.name` of every span of this process (`OTEL_SERVICE_NAME`, else the process name). */
  serviceName: string;
  /**
   * The OTLP/HTTP base address (`OTEL_EXPORTER_OTLP_ENDPOINT`, e.g. `http://otel-collector:4318`); spans go
   * to `<endpoint>/v1/traces` in batches. Empty or absent: tracing is off.
   */
  endpoint?: string;
  /** Tests: spans go to this exporter as each ends (e.g. an `InMemorySpanExporter`), whatever `endpoint` says. */
  exporter?: SpanExporter;
  /** Where the SDK's own warnings go (an unreachable collector, a full queue). */
  logger?: Logger;
}

/** The process's tracing, as a component: started before the rest, stopped after them (flushing its spans). */
export interface Tracing {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

// The OpenTelemetry API is itself process-global (one tracer provider, one context manager per process);
// this flag mirrors it so every hook can skip all work with one check when tracing is off.
let enabled = false;

/** True while a process's tracing is on: hooks do nothing at all otherwise. */
export function isTracingEnabled(): boolean {
  return enabled;
}

/**
 * Configures tracing for this process. Off (nothing registered, the API's no-op tracer, hooks skip at their
 * first check) unless an endpoint or an exporter is given. On: one tracer provider sampling as
 * `OTEL_TRACES_SAMPLER` says (default: parent-based, always on), AsyncLocalStorage for the active span, and
 * the W3C `traceparent` propagator.
 */
export function startTracing(options: TracingOptions): Tracing {
  const processor = processorOf(options);
  // Off, or already on in this process (components under test sharing one process): nothing to own.
  if (!processor || enabled) return { name: 'tracing', start: async () => {}, stop: async () => {} };
  const { contextAsyncHooks, core, resources, sdkTraceBase } = tracingSdk();
  const provider = new sdkTraceBase.BasicTracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [processor],
  });
  if (options.logger) diag.setLogger(diagLoggerOf(options.logger), DiagLogLevel.WARN);
  context.setGlobalContextManager(new contextAsyncHooks.AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new core.W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  enabled = true;
  return {
    name: 'tracing',
    start: async () => {},
    async stop() {
      // Ends the batch: spans still queued are exported before the process exits.
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
      diag.disable();
      enabled = false;
    },
  };
}

function processorOf({ exporter, endpoint }: TracingOptions): SpanProcessor | undefined {
  if (exporter) return new (tracingSdk().sdkTraceBase.SimpleSpanProcessor)(exporter);
  if (!endpoint) return undefined;
  const { otlpHttp, sdkTraceBase } = tracingSdk();
  // Batched (OTEL_BSP_* tune it): a request never waits for the collector, and a full queue drops spans.
  return new sdkTraceBase.BatchSpanProcessor(new otlpHttp.OTLPTraceExporter({ url: tracesUrlOf(endpoint) }));
}

/** The OTLP/HTTP traces address of a base endpoint, as the OTLP exporter specification builds it. */
export function tracesUrlOf(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

function diagLoggerOf(logger: Logger) {
  const log = logger.child({ component: 'opentelemetry' });
  return {
    error: (message: string, ...args: unknown[]) => log.error({ args }, message),
    warn: (message: string, ...args: unknown[]) => log.warn({ args }, message),
    info: (message: string, ...args: unknown[]) => log.info({ args }, message),
    debug: (message: string, ...args: unknown[]) => log.debug({ args }, message),
    verbose: (message: string, ...args: unknown[]) => log.trace({ args }, message),
  };
}

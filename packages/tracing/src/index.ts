export {
  type Attributes,
  type Context,
  context,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
export type { InMemorySpanExporter, ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
export { createInMemorySpanExporter } from './sdk';
export { failSpan, runInSpan, type SpanOptions, tracer } from './spans';
export {
  isTracingEnabled,
  startTracing,
  type Tracing,
  type TracingOptions,
  tracesUrlOf,
} from './start-tracing';
export {
  contextFrom,
  contextOfTraceparent,
  currentTraceparent,
  type HeaderReader,
  TRACEPARENT,
  type TraceHeaders,
  traceHeadersOf,
} from './trace-context';

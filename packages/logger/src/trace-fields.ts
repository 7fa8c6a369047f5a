import { context, isSpanContextValid, trace } from '@opentelemetry/api';

/**
 * The pino mixin that puts the active span's `traceId` and `spanId` on a log line, so a line leads to its
 * trace and a trace to its lines. With tracing off there is never an active span: the line is unchanged.
 */
export function traceFields(): Record<string, string> {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const spanContext = span.spanContext();
  if (!isSpanContextValid(spanContext)) return {};
  return { traceId: spanContext.traceId, spanId: spanContext.spanId };
}

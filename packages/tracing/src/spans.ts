import {
  type Attributes,
  type Context,
  context,
  type Span,
  type SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';

/** The one tracer of our code (the instrumentation scope every span of ours names). */
export function tracer(): Tracer {
  return trace.getTracer('@travel/tracing');
}

export interface SpanOptions {
  kind: SpanKind;
  attributes?: Attributes;
  /** The parent: a remote one from `contextFrom`; the active context by default. */
  parent?: Context;
}

/**
 * Runs `work` inside a new span (active for everything it awaits), ends the span when the work settles, and
 * marks it failed with the exception when the work throws. Callers check `isTracingEnabled()` first.
 */
export async function runInSpan<T>(
  name: string,
  options: SpanOptions,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(name, { kind: options.kind, attributes: options.attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** Marks a span failed with this error (its message as the status, the exception as an event). */
export function failSpan(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}

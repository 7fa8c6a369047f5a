import { type Context, context, propagation, ROOT_CONTEXT, type TextMapGetter } from '@opentelemetry/api';
import { isTracingEnabled } from './start-tracing';

/** The W3C header (and metadata key, and Kafka header) that carries a trace across processes. */
export const TRACEPARENT = 'traceparent';

/** Headers that carry a trace: `traceparent`, and `tracestate` when a vendor set one. */
export type TraceHeaders = Record<string, string>;

/**
 * The trace headers of a context (the active one by default): empty when tracing is off or no span is
 * active. Spread them into outgoing HTTP headers, gRPC metadata or Kafka message headers.
 */
export function traceHeadersOf(from: Context = context.active()): TraceHeaders {
  const headers: TraceHeaders = {};
  if (isTracingEnabled()) propagation.inject(from, headers);
  return headers;
}

/**
 * The `traceparent` of the active span, to keep beside work that continues later in another place (an
 * outbox entry, a scheduled delivery); undefined when tracing is off or no span is active.
 */
export function currentTraceparent(): string | undefined {
  return isTracingEnabled() ? traceHeadersOf()[TRACEPARENT] : undefined;
}

/** How to read a carrier that is not a plain object of strings (gRPC metadata, Kafka's Buffer headers). */
export type HeaderReader<C> = (carrier: C, name: string) => string | undefined;

const plainHeaders: HeaderReader<Record<string, unknown>> = (carrier, name) => {
  const value = carrier[name];
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return undefined;
};

/**
 * The remote parent a carrier names (a stored `traceparent`, HTTP or Kafka headers, gRPC metadata): the root
 * context when it names none or a malformed one, so the work starts a trace of its own.
 */
export function contextFrom<C>(carrier: C | undefined, read?: HeaderReader<C>): Context {
  if (!isTracingEnabled() || carrier === undefined) return ROOT_CONTEXT;
  const reader = (read ?? plainHeaders) as HeaderReader<C>;
  const getter: TextMapGetter<C> = {
    get: (from, key) => reader(from, key),
    keys: () => [TRACEPARENT, 'tracestate'],
  };
  return propagation.extract(ROOT_CONTEXT, carrier, getter);
}

/** The context a stored `traceparent` continues (see `currentTraceparent`). */
export function contextOfTraceparent(traceparent: string | undefined): Context {
  return contextFrom(traceparent ? { [TRACEPARENT]: traceparent } : undefined);
}

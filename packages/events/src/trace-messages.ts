import {
  type Attributes,
  context,
  contextFrom,
  contextOfTraceparent,
  failSpan,
  isTracingEnabled,
  runInSpan,
  SpanKind,
  type TraceHeaders,
  trace,
  traceHeadersOf,
  tracer,
} from '@travel/tracing';
import type { IHeaders } from 'kafkajs';
import type { OutgoingEvent } from './envelope';

const NO_HEADERS: TraceHeaders = Object.freeze({});

const messagingAttributes = (topic: string, operation: 'send' | 'process', eventId: unknown): Attributes => ({
  'messaging.system': 'kafka',
  'messaging.destination.name': topic,
  'messaging.operation.type': operation,
  ...(typeof eventId === 'string' ? { 'messaging.message.id': eventId } : {}),
});

/**
 * Sends events with one producer span each. An event continues the trace it carries (the `traceparent` its
 * outbox entry kept from the request that wrote it), else the active one; its message carries its span's
 * `traceparent` header, so its consumers continue the same trace. `send` gets each event's trace headers by
 * index (none when tracing is off, which costs one check).
 */
export async function tracePublish(
  topic: string,
  events: OutgoingEvent[],
  send: (headersOf: (index: number) => TraceHeaders) => Promise<void>,
): Promise<void> {
  if (!isTracingEnabled()) return send(() => NO_HEADERS);
  const traced = events.map((event) => {
    const parent = event.traceparent ? contextOfTraceparent(event.traceparent) : context.active();
    const attributes = messagingAttributes(topic, 'send', event.id);
    const span = tracer().startSpan(`send ${topic}`, { kind: SpanKind.PRODUCER, attributes }, parent);
    return { span, headers: traceHeadersOf(trace.setSpan(parent, span)) };
  });
  try {
    await send((index) => traced[index]?.headers ?? NO_HEADERS);
  } catch (error) {
    for (const { span } of traced) failSpan(span, error);
    throw error;
  } finally {
    for (const { span } of traced) span.end();
  }
}

/**
 * Handles one message inside a consumer span that continues the trace of its `traceparent` header (a new
 * trace when it has none): the handler's log lines, calls and the work it schedules carry that trace.
 */
export function traceConsume<T>(
  topic: string,
  headers: IHeaders | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!isTracingEnabled()) return work();
  const attributes = messagingAttributes(topic, 'process', headers?.['event-id']?.toString());
  return runInSpan(
    `process ${topic}`,
    { kind: SpanKind.CONSUMER, attributes, parent: contextFrom(headers) },
    work,
  );
}

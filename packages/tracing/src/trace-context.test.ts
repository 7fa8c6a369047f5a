import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { runInSpan } from './spans';
import { isTracingEnabled, startTracing, type Tracing, tracesUrlOf } from './start-tracing';
import { contextFrom, contextOfTraceparent, currentTraceparent, traceHeadersOf } from './trace-context';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('tracing off', () => {
  it('when no endpoint and no exporter is given, then nothing is registered and every helper is empty', async () => {
    const tracing = startTracing({ serviceName: 'booking', endpoint: '' });
    expect(isTracingEnabled()).toBe(false);
    const seen = await runInSpan('work', { kind: SpanKind.INTERNAL }, async () => ({
      headers: traceHeadersOf(),
      traceparent: currentTraceparent(),
    }));
    expect(seen).toEqual({ headers: {}, traceparent: undefined });
    await tracing.stop();
  });
});

describe('tracing on (in-process exporter)', () => {
  let exporter: InMemorySpanExporter;
  let tracing: Tracing;
  beforeEach(() => {
    exporter = new InMemorySpanExporter();
    tracing = startTracing({ serviceName: 'booking', exporter });
  });
  afterEach(async () => {
    await tracing.stop();
  });

  it('when work runs in a span, then its traceparent names that span, and a stored one continues the trace', async () => {
    const stored = await runInSpan('create booking', { kind: SpanKind.SERVER }, async () =>
      currentTraceparent(),
    );
    const [, traceId, spanId] = TRACEPARENT.exec(stored ?? '') ?? [];
    const [created] = exporter.getFinishedSpans();
    expect(created?.spanContext()).toMatchObject({ traceId, spanId });

    // Later, elsewhere (the outbox relay): the published event continues the booking's trace.
    await runInSpan(
      'publish',
      { kind: SpanKind.PRODUCER, parent: contextOfTraceparent(stored) },
      async () => {},
    );
    const published = exporter.getFinishedSpans()[1];
    expect(published?.spanContext().traceId).toBe(traceId);
    expect(published?.parentSpanContext?.spanId).toBe(spanId);
  });

  it('when headers arrive as Kafka buffers or through a reader (gRPC metadata), then the remote parent is found', async () => {
    const headers = await runInSpan('produce', { kind: SpanKind.PRODUCER }, async () => traceHeadersOf());
    const [produced] = exporter.getFinishedSpans();
    const kafkaHeaders = {
      'event-id': Buffer.from('evt_1'),
      traceparent: Buffer.from(headers.traceparent ?? ''),
    };
    const metadata = new Map(Object.entries(headers));
    for (const parent of [contextFrom(kafkaHeaders), contextFrom(metadata, (m, name) => m.get(name))])
      await runInSpan('consume', { kind: SpanKind.CONSUMER, parent }, async () => {});
    for (const consumed of exporter.getFinishedSpans().slice(1)) {
      expect(consumed.spanContext().traceId).toBe(produced?.spanContext().traceId);
      expect(consumed.parentSpanContext?.spanId).toBe(produced?.spanContext().spanId);
    }
  });

  it('when the carrier names no trace or a malformed one, then the work starts a trace of its own', async () => {
    const outer = await runInSpan('outer', { kind: SpanKind.SERVER }, async () =>
      Promise.all(
        [contextOfTraceparent(undefined), contextFrom({ traceparent: '00-zz-yy-01' })].map((parent) =>
          runInSpan('inner', { kind: SpanKind.CONSUMER, parent }, async () => currentTraceparent()),
        ),
      ),
    );
    const traceIds = outer.map((traceparent) => TRACEPARENT.exec(traceparent ?? '')?.[1]);
    const outerSpan = exporter.getFinishedSpans().find((span) => span.name === 'outer');
    expect(traceIds[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set([...traceIds, outerSpan?.spanContext().traceId]).size).toBe(3);
  });

  it('when the work throws, then the span is ended as an error and the error goes on', async () => {
    await expect(
      runInSpan('attempt', { kind: SpanKind.CLIENT }, async () => {
        throw new Error('connection refused');
      }),
    ).rejects.toThrow('connection refused');
    const [span] = exporter.getFinishedSpans();
    expect(span?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'connection refused' });
    expect(span?.events.map((event) => event.name)).toEqual(['exception']);
  });

  it('when stopped, then tracing is off again', async () => {
    expect(isTracingEnabled()).toBe(true);
    await runInSpan('one', { kind: SpanKind.INTERNAL }, async () => {});
    expect(exporter.getFinishedSpans()[0]?.resource.attributes['service.name']).toBe('booking');
    await tracing.stop();
    expect(isTracingEnabled()).toBe(false);
    expect(currentTraceparent()).toBeUndefined();
  });
});

describe('tracesUrlOf', () => {
  it('when given a base endpoint, then spans go to its /v1/traces', () => {
    expect(tracesUrlOf('http://otel-collector:4318')).toBe('http://otel-collector:4318/v1/traces');
    expect(tracesUrlOf('http://127.0.0.1:4318/')).toBe('http://127.0.0.1:4318/v1/traces');
  });
});

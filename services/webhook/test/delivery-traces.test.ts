import { failFirst, startReceiver, waitFor } from '@travel/testkit';
import { createInMemorySpanExporter, type ReadableSpan, SpanKind, startTracing } from '@travel/tracing';
import { bookingEvent, caller, startPublisher, startWebhook, webhookEnv } from './webhook.fixture';

// The webhook service, a publisher and a receiver in this process, traced into an in-process exporter.
const env = webhookEnv({ WEBHOOK_RETRY_DELAYS: '300ms,300ms' });
const exporter = createInMemorySpanExporter();
const tracing = startTracing({ serviceName: 'webhook', exporter });
let service: Awaited<ReturnType<typeof startWebhook>>;
let publisher: Awaited<ReturnType<typeof startPublisher>>;
const hooks = startReceiver(failFirst(1));

beforeAll(async () => {
  service = await startWebhook(env);
  publisher = await startPublisher(env);
});
afterAll(async () => {
  await (await hooks).stop();
  await publisher?.stop();
  await service?.stop();
  await tracing.stop();
});

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const spans = (kind: SpanKind, name: string) =>
  exporter.getFinishedSpans().filter((span) => span.kind === kind && span.name.startsWith(name));
const parentOf = (span: ReadableSpan | undefined) =>
  exporter.getFinishedSpans().find((other) => other.spanContext().spanId === span?.parentSpanContext?.spanId);

describe('webhook delivery traces', () => {
  it("when a booking event carries a trace, then every attempt's POST continues it and carries its own span's traceparent", async () => {
    const who = caller(901);
    const receiver = await hooks;
    await service.client.registerEndpoint({ caller: who, url: receiver.url, events: [] });
    const event = { ...bookingEvent(who.clientId), traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` };
    await publisher.publish('booking.events', event);

    await waitFor(() => expect(receiver.received).toHaveLength(2), { timeoutMs: 20_000 });
    await waitFor(() => expect(spans(SpanKind.CLIENT, 'webhook POST')).toHaveLength(2));
    const [handled] = spans(SpanKind.CONSUMER, 'process');
    expect(parentOf(handled)?.kind).toBe(SpanKind.PRODUCER);
    expect(parentOf(parentOf(handled))).toBeUndefined(); // the booking request's span is another process's
    const attempts = spans(SpanKind.CLIENT, 'webhook POST');
    for (const [index, request] of receiver.received.entries()) {
      const attempt = attempts.find(
        (span) => request.headers.traceparent === `00-${TRACE_ID}-${span.spanContext().spanId}-01`,
      );
      expect(attempt?.parentSpanContext?.spanId).toBe(handled?.spanContext().spanId);
      expect(attempt?.attributes).toMatchObject({
        'travel.webhook.attempt': index + 1,
        'http.response.status_code': index === 0 ? 500 : 200,
        'server.address': '127.0.0.1',
      });
      expect(attempt?.status.code).toBe(index === 0 ? 2 : 0); // the failed attempt is an error
    }
    expect(handled?.spanContext().traceId).toBe(TRACE_ID);
  });
});

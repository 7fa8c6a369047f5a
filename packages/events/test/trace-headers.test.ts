import { createAuditOutbox } from '@travel/audit';
import { createMongo, createProcessedEvents } from '@travel/mongo';
import { testInfra, testLogger, uniqueName, waitFor } from '@travel/testkit';
import {
  createInMemorySpanExporter,
  currentTraceparent,
  type ReadableSpan,
  runInSpan,
  SpanKind,
  startTracing,
} from '@travel/tracing';
import {
  createEventConsumer,
  createEventPublisher,
  createKafka,
  createParkedEventStore,
  newEventId,
  type OutgoingEvent,
} from '../src';

const infra = testInfra();
const logger = testLogger();
const kafka = createKafka(infra.kafkaBrokers, 'ct-trace', logger);
const topic = uniqueName('ct.trace');
const topicOptions = { partitions: 1, replicationFactor: 1 };
const mongo = createMongo({ url: infra.mongoUrl, database: uniqueName('ct_trace'), logger });
const publisher = createEventPublisher({ kafka, topics: [topic], topicOptions, logger });
/** The traceparent active in the handler, per event id. */
const handledIn = new Map<string, string | undefined>();
const consumer = createEventConsumer({
  kafka,
  groupId: uniqueName('ct-trace-group'),
  topics: [topic],
  topicOptions,
  handledEvents: createProcessedEvents(mongo.connection),
  parkedEvents: createParkedEventStore(mongo.connection, 'ct', createAuditOutbox()),
  keyOrderAfterPark: 'proceed',
  retryBudget: { attempts: 3, firstDelayMs: 100, maxDelayMs: 500 },
  logger,
  async handle(event) {
    handledIn.set(event.id, currentTraceparent());
  },
});
const exporter = createInMemorySpanExporter();
const tracing = startTracing({ serviceName: 'ct-trace', exporter });

const event = (traceparent?: string): OutgoingEvent => ({
  id: newEventId(),
  type: 'booking.created',
  occurredAt: new Date(),
  tenantId: 'ten_1',
  clientId: '1',
  livemode: true,
  payload: Buffer.from('payload'),
  key: 'bkg_1',
  ...(traceparent ? { traceparent } : {}),
});

beforeAll(async () => {
  await mongo.start();
  await mongo.migrate();
  await publisher.start();
  await consumer.start();
});
afterAll(async () => {
  await consumer.stop();
  await publisher.stop();
  await tracing.stop();
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

const spansOf = (eventId: string, kind: SpanKind): ReadableSpan[] =>
  exporter
    .getFinishedSpans()
    .filter((span) => span.kind === kind && span.attributes['messaging.message.id'] === eventId);
const traceparentOf = (span: ReadableSpan | undefined) =>
  `00-${span?.spanContext().traceId}-${span?.spanContext().spanId}-01`;

describe('traces through Kafka', () => {
  it('when an outbox event carries the traceparent of the request that wrote it, then publish and handling continue that trace', async () => {
    // The request writes the booking and its event, keeping the trace in the outbox entry...
    const written = await runInSpan('CreateBooking', { kind: SpanKind.SERVER }, async () =>
      event(currentTraceparent()),
    );
    const request = exporter.getFinishedSpans().find((span) => span.name === 'CreateBooking');
    // ...and the relay publishes it later, outside any span.
    await publisher.publish(topic, [written]);

    await waitFor(() => expect(spansOf(written.id, SpanKind.CONSUMER)).toHaveLength(1), {
      timeoutMs: 30_000,
    });
    const [sent] = spansOf(written.id, SpanKind.PRODUCER);
    const [processed] = spansOf(written.id, SpanKind.CONSUMER);
    expect(sent?.spanContext().traceId).toBe(request?.spanContext().traceId);
    expect(sent?.parentSpanContext?.spanId).toBe(request?.spanContext().spanId);
    expect(sent?.attributes).toMatchObject({
      'messaging.system': 'kafka',
      'messaging.destination.name': topic,
    });
    expect(processed?.name).toBe(`process ${topic}`);
    expect(processed?.parentSpanContext?.spanId).toBe(sent?.spanContext().spanId);
    expect(handledIn.get(written.id)).toBe(traceparentOf(processed));
  });

  it('when an event carries no trace, then it continues the active one at publish', async () => {
    const plain = event();
    await runInSpan('search logged', { kind: SpanKind.SERVER }, () => publisher.publish(topic, [plain]));
    await waitFor(() => expect(handledIn.has(plain.id)).toBe(true), { timeoutMs: 30_000 });
    const active = exporter.getFinishedSpans().find((span) => span.name === 'search logged');
    const [sent] = spansOf(plain.id, SpanKind.PRODUCER);
    expect(sent?.parentSpanContext?.spanId).toBe(active?.spanContext().spanId);
    expect(handledIn.get(plain.id)?.split('-')[1]).toBe(active?.spanContext().traceId);
  });
});

import type { ProcessName } from '@travel/local-deploy';
import { type ReceivedSpan, startOtlpReceiver, startReceiver, waitFor } from '@travel/testkit';
import { newPartner, platformAdmin } from '../support/admin';
import { book, contact, dataOf, flightOffers } from '../support/bookings';
import { tracingOff, tracingOn } from '../support/tracing';
import { registerWebhook } from '../support/webhooks';

// The processes a partner booking passes through, from the HTTP request to the webhook POST.
const TRACED: ProcessName[] = ['gateway', 'booking', 'webhook'];
const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

type Receiver = Awaited<ReturnType<typeof startOtlpReceiver>>;
let collector: Receiver;
beforeAll(async () => {
  collector = await startOtlpReceiver();
  await tracingOn(TRACED, collector.endpoint);
}, 120_000);
afterAll(async () => {
  await tracingOff(TRACED);
  await collector.stop();
}, 120_000);

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('traces across the platform', () => {
  it('when a partner books, then one trace runs from the gateway request through booking and Kafka to the webhook POST', async () => {
    const { key } = await newPartner(await platformAdmin());
    const hooks = await startReceiver();
    try {
      await registerWebhook(key.secret, { url: hooks.url, events: ['booking.created'] });
      const [offer] = await flightOffers(key.secret);
      const res = await book(key.secret, { offerToken: offer?.offerToken, contact });
      expect(res.status).toBe(201);
      const booking = dataOf(res);

      // The webhook process was just restarted with tracing on: its consumer first works through what other
      // suites published meanwhile (after the store-outage suite, a partition's retried backlog), each event
      // also written to the events feed, before it reaches this booking.
      await waitFor(() => expect(hooks.received).toHaveLength(1), { timeoutMs: 60_000 });
      const [, traceId, postSpanId] = TRACEPARENT.exec(String(hooks.received[0]?.headers.traceparent)) ?? [];
      expect(traceId).toBeDefined();
      const inTrace = () => collector.spans.filter((span) => span.traceId === traceId);
      const find = (service: string, kind: number, name: string | RegExp) =>
        inTrace().find(
          (span) =>
            span.service === service &&
            span.kind === kind &&
            (typeof name === 'string' ? span.name === name : name.test(span.name)),
        );

      // The exporters send every 200 ms; the POST's own span ends once the partner answered.
      await waitFor(() => expect(find('webhook', CLIENT, 'webhook POST')).toBeDefined(), {
        timeoutMs: 15_000,
      });
      const request = find('gateway', SERVER, 'POST /api/v1/bookings');
      const create = find('booking', SERVER, 'travel.booking.v1.BookingService/CreateBooking');
      const sent = find('booking', PRODUCER, /^send .*booking\.events$/);
      const handled = find('webhook', CONSUMER, /^process .*booking\.events$/);
      const post = find('webhook', CLIENT, 'webhook POST');
      expect(request).toMatchObject({ parentSpanId: '', attributes: { 'http.route': '/api/v1/bookings' } });
      expect(request?.attributes['travel.request.id']).toBe(res.headers.get('x-request-id'));
      expect(parentOf(create)?.parentSpanId).toBe(request?.spanId); // gateway client span → booking server span
      expect(chainUp(sent, create)).toBe(true); // the outbox kept the request's trace for the relay
      expect(handled?.parentSpanId).toBe(sent?.spanId);
      expect(handled?.attributes['messaging.message.id']).toBe(
        JSON.parse(hooks.received[0]?.rawBody ?? '{}').id,
      );
      expect(post?.spanId).toBe(postSpanId);
      expect(chainUp(post, handled)).toBe(true);
      expect(post?.attributes).toMatchObject({
        'http.response.status_code': 200,
        'server.address': '127.0.0.1',
      });
      expect(JSON.parse(hooks.received[0]?.rawBody ?? '{}').data.id).toBe(booking.id);
    } finally {
      await hooks.stop();
    }
  });

  function parentOf(span: ReceivedSpan | undefined): ReceivedSpan | undefined {
    return collector.spans.find((candidate) => candidate.spanId === span?.parentSpanId);
  }

  /** `ancestor` is on the path from `span` up to its trace's root. */
  function chainUp(span: ReceivedSpan | undefined, ancestor: ReceivedSpan | undefined): boolean {
    for (let at = parentOf(span); at; at = parentOf(at)) if (at.spanId === ancestor?.spanId) return true;
    return false;
  }
});

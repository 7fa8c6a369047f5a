import { metricsPort, PROFILES, type ProcessName } from '@travel/local-deploy';
import { sampleOf } from '@travel/metrics';
import { startReceiver, waitFor } from '@travel/testkit';
import { newPartner, platformAdmin } from '../support/admin';
import { book, contact, dataOf, flightOffers, partnerCall } from '../support/bookings';
import { gatewayUrl } from '../support/gateway';
import { registerWebhook } from '../support/webhooks';

// Prometheus's view of the launched stack: each process's own metrics port (loopback, the e2e profile's
// range), scraped before and after one booking that reaches a partner's webhook receiver.
const scrape = async (name: ProcessName) => {
  const res = await fetch(`http://127.0.0.1:${metricsPort(PROFILES.e2e, name)}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
};
const scrapeAll = async () => ({
  gateway: await scrape('gateway'),
  booking: await scrape('booking'),
  webhook: await scrape('webhook'),
});
type Scrapes = Awaited<ReturnType<typeof scrapeAll>>;

const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.stop()));
});

describe('metrics of the launched platform', () => {
  it('when a partner books and its webhook is delivered, then the gateway, booking and webhook counters move', async () => {
    const { key } = await newPartner(await platformAdmin());
    const hooks = await startReceiver();
    receivers.push(hooks);
    expect((await registerWebhook(key.secret, { url: hooks.url, events: [] })).status).toBe(201);
    const before = await scrapeAll();

    const [offer] = await flightOffers(key.secret);
    const created = await book(key.secret, { offerToken: offer?.offerToken, contact });
    expect(created.status).toBe(201);
    const booking = dataOf(created);
    expect((await partnerCall(key.secret, 'GET', `/api/v1/bookings/${booking.id}`)).status).toBe(200);
    await waitFor(() => expect(hooks.received.length).toBeGreaterThanOrEqual(1), { timeoutMs: 20_000 });

    // The webhook process counts the delivery once its outcome is written, right after the POST answered.
    let after: Scrapes = before;
    const moved = (process: keyof Scrapes, name: string, labels: Record<string, string>) =>
      sampleOf(after[process], name, labels) - sampleOf(before[process], name, labels);
    await waitFor(
      async () => {
        after = await scrapeAll();
        expect(
          moved('webhook', 'webhook_deliveries_total', { outcome: 'acknowledged' }),
        ).toBeGreaterThanOrEqual(1);
      },
      { timeoutMs: 10_000 },
    );

    // Gateway: HTTP by route template (never the booking's own path), gRPC as a client, latency timed.
    const route = (path: string, method: string, status: string) => ({ route: path, method, status });
    expect(
      moved('gateway', 'http_requests_total', route('/api/v1/bookings', 'POST', '201')),
    ).toBeGreaterThanOrEqual(1);
    expect(
      moved('gateway', 'http_requests_total', route('/api/v1/bookings/:id', 'GET', '200')),
    ).toBeGreaterThanOrEqual(1);
    expect(
      moved('gateway', 'http_request_duration_seconds_count', { route: '/api/v1/bookings', method: 'POST' }),
    ).toBeGreaterThanOrEqual(1);
    const createBooking = { grpc_service: 'travel.booking.v1.BookingService', grpc_method: 'CreateBooking' };
    expect(
      moved('gateway', 'grpc_client_handled_total', { ...createBooking, grpc_code: 'OK' }),
    ).toBeGreaterThanOrEqual(1);
    expect(after.gateway).not.toContain(booking.id);
    expect(after.gateway).not.toContain(key.secret);

    // Booking: the call served, its event published; the outbox drained.
    expect(
      moved('booking', 'grpc_server_handled_total', { ...createBooking, grpc_code: 'OK' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      moved('booking', 'kafka_producer_events_total', { topic: 'booking.events' }),
    ).toBeGreaterThanOrEqual(1);
    expect(after.booking).toContain('booking_outbox_pending_bookings');
    expect(after.booking).toContain('outbox_oldest_pending_seconds{outbox="booking"}');

    // Webhook: the event consumed from its topic, the attempt timed, the queue measured.
    expect(
      moved('webhook', 'kafka_consumer_events_total', { topic: 'booking.events', outcome: 'handled' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      moved('webhook', 'webhook_delivery_attempt_seconds_count', { result: 'acknowledged' }),
    ).toBeGreaterThanOrEqual(1);
    expect(after.webhook).toContain('webhook_delivery_queue_depth');
    expect(after.webhook).toContain('outbox_oldest_pending_seconds{outbox="webhook-deliveries"}');
    expect(after.webhook).toMatch(
      /kafka_consumer_lag\{group="webhook-deliveries",topic="booking.events",partition="\d+"\} \d+/,
    );
    for (const text of Object.values(after)) expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('when /metrics is asked of the public listener, then it is not there (404)', async () => {
    const res = await fetch(`${gatewayUrl()}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('http_requests_total');
  });
});

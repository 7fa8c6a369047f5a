import {
  BILLING_EVENTS_TOPIC,
  createEventPublisher,
  createKafka,
  createOutboxRelay,
  newEventId,
} from '@travel/events';
import { metricValue } from '@travel/metrics';
import { createMongo } from '@travel/mongo';
import { testInfra, testLogger, uniqueName } from '@travel/testkit';
import { createMarkRepository } from '../src/db/mark.repository';
import { createStorefrontPayments } from '../src/db/storefront-payment.repository';

// Billing's two outboxes report `outbox_oldest_pending_seconds` through the relay, as every outbox does: an
// event written 90 s ago and not yet published shows its age; once the relay has published it, 0. The relays
// are billing's own (its sources on the real store, a real publisher on a namespace of the test's), passed by
// hand so that no background pass races the reading.
const infra = testInfra();
const mongo = createMongo({
  url: infra.mongoUrl,
  database: uniqueName('ct_billing_outbox'),
  logger: testLogger(),
});
const kafka = createKafka(infra.kafkaBrokers, 'billing', testLogger(), `${uniqueName('ct_billing_outbox')}.`);
const publisher = createEventPublisher({
  kafka,
  topics: [BILLING_EVENTS_TOPIC],
  topicOptions: { partitions: 1, replicationFactor: 1 },
  logger: testLogger(),
});
const relayOf = (name: string, source: Parameters<typeof createOutboxRelay>[0]['source']) =>
  createOutboxRelay({ name, source, publisher, topic: BILLING_EVENTS_TOPIC, rescanMs: 0 });
const ageOf = (outbox: string) => metricValue('outbox_oldest_pending_seconds', { outbox });
const ninetySecondsAgo = () => new Date(Date.now() - 90_000);

beforeAll(async () => {
  await mongo.start();
  await mongo.migrate();
  await publisher.start();
});
afterAll(async () => {
  await mongo.connection.dropDatabase();
  await publisher.stop();
  await mongo.stop();
});

it('when an invoice.paid waits in its mark, then billing-invoices shows its age; once published, 0', async () => {
  const marks = createMarkRepository(mongo.connection);
  const relay = relayOf('billing-invoices', marks.outbox);
  expect(await ageOf('billing-invoices')).toBe(0);
  const invoice = {
    id: 'inv_1',
    n: 1,
    number: 'INV-1',
    tenantId: 'ten_a',
    amount: 500,
    dueDate: '2027-01-31',
    lineIds: [],
    createdAt: new Date(),
  };
  const paidAt = ninetySecondsAgo();
  const event = {
    id: newEventId(),
    occurredAt: paidAt,
    invoice: { id: 'inv_1', number: 'INV-1', amount: 500, paidAmount: 500, dueDate: '2027-01-31' },
  };
  await marks.markEnd(invoice, 'paid', paidAt, { event });
  expect(await ageOf('billing-invoices')).toBeGreaterThanOrEqual(90);
  await relay.run();
  expect(await ageOf('billing-invoices')).toBe(0);
});

it('when a payment.captured waits in its payment, then billing-payments shows its age; once published, 0', async () => {
  const payments = createStorefrontPayments(mongo.connection);
  const relay = relayOf('billing-payments', payments.outbox);
  expect(await ageOf('billing-payments')).toBe(0);
  const capturedAt = ninetySecondsAgo();
  await payments.insert(
    {
      bookingId: 'bkg_1',
      id: 'pay_1',
      customerId: 'cus_1',
      total: 900,
      walletPaid: 0,
      charged: 900,
      gatewayId: null,
      gatewayReference: null,
      status: 'captured',
      provider: 'simulated',
      clientSecret: null,
      failure: null,
      createdAt: capturedAt,
      capturedAt,
      refund: null,
    },
    { id: newEventId(), type: 'payment.captured', occurredAt: capturedAt },
  );
  expect(await ageOf('billing-payments')).toBeGreaterThanOrEqual(90);
  await relay.run();
  expect(await ageOf('billing-payments')).toBe(0);
});

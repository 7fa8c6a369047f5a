import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuditOutbox } from '@travel/audit';
import { kafkaFields, loadFields } from '@travel/config';
import { makeThrowawayCa, type SecureKafka, startSecureKafka, type ThrowawayCa } from '@travel/local-deploy';
import { createMongo } from '@travel/mongo';
import { captureLogs, failedStarts, testInfra, testLogger, uniqueName, waitFor } from '@travel/testkit';
import {
  createEventConsumer,
  createEventPublisher,
  createKafka,
  createParkedEventStore,
  type EventEnvelope,
  newEventId,
} from '../src';

// Kafka over SASL_SSL (SCRAM-SHA-256, SCRAM-SHA-512, PLAIN) and over mutual TLS: a broker of this test's own
// (ports 23090-23092), a CA made for this run, and the clients configured exactly as a process is, from the
// KAFKA_* variables its config.ts reads (the PEM files read by the config).

const PORTS = { saslSsl: 23090, mutualTls: 23091, controller: 23092 };
const topicOptions = { partitions: 1, replicationFactor: 1 };
const dir = mkdtempSync(join(tmpdir(), 'kafka-tls-'));
let ca: ThrowawayCa;
let broker: SecureKafka;

// Where the consumer would park events (none is parked here).
const mongo = createMongo({
  url: testInfra().mongoUrl,
  database: uniqueName('ct_kafka_tls'),
  logger: testLogger(),
});

beforeAll(async () => {
  ca = makeThrowawayCa(dir);
  broker = await startSecureKafka(dir, ca, PORTS);
  await mongo.start();
  await mongo.migrate();
}, 180_000);
afterAll(async () => {
  await mongo.connection.dropDatabase();
  await mongo.stop();
  await broker?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const settingsOf = (env: Record<string, string>) => loadFields(kafkaFields, env);

const sasl = (mechanism: 'scram-sha-256' | 'scram-sha-512' | 'plain', password?: string) => ({
  KAFKA_BROKERS: broker.saslSslBroker,
  KAFKA_SSL: 'true',
  KAFKA_SSL_CA_FILE: ca.caFile,
  KAFKA_SASL_MECHANISM: mechanism,
  KAFKA_SASL_USERNAME: broker.users[mechanism].username,
  KAFKA_SASL_PASSWORD: password ?? broker.users[mechanism].password,
});

const mutualTls = () => ({
  KAFKA_BROKERS: broker.mutualTlsBroker,
  KAFKA_SSL: 'true',
  KAFKA_SSL_CA_FILE: ca.caFile,
  KAFKA_SSL_CERT_FILE: ca.client.certFile,
  KAFKA_SSL_KEY_FILE: ca.client.keyFile,
});

function clientsFor(env: Record<string, string>, logger = captureLogs().logger) {
  const settings = settingsOf(env);
  const namespace = `${uniqueName('ct_tls')}.`;
  const kafka = createKafka(settings.KAFKA_BROKERS, 'ct-tls', logger, namespace, settings);
  const topic = 'tls.events';
  const publisher = createEventPublisher({ kafka, topics: [topic], topicOptions, logger });
  return { kafka, topic, namespace, publisher };
}

describe.each([
  ['SASL SCRAM-SHA-256 over TLS', () => sasl('scram-sha-256')],
  ['SASL SCRAM-SHA-512 over TLS', () => sasl('scram-sha-512')],
  ['SASL PLAIN over TLS', () => sasl('plain')],
  ['mutual TLS', mutualTls],
])('Kafka with %s', (_label, env) => {
  it('when a publisher, a consumer and an admin connect, then the topic is created and a published event is consumed', async () => {
    const logger = captureLogs().logger;
    const { kafka, topic, namespace, publisher } = clientsFor(env(), logger);
    const heard: EventEnvelope[] = [];
    const consumer = createEventConsumer({
      kafka,
      groupId: 'ct-tls-group',
      topics: [topic],
      topicOptions,
      logger,
      parkedEvents: createParkedEventStore(mongo.connection, 'ct', createAuditOutbox()),
      keyOrderAfterPark: 'proceed',
      handle: async (event) => {
        heard.push(event);
      },
    });
    const admin = kafka.admin();
    try {
      await publisher.start();
      await consumer.start();
      await admin.connect();
      expect(await admin.listTopics()).toContain(`${namespace}${topic}`);
      const id = newEventId();
      await publisher.publish(topic, [
        {
          id,
          type: 'test.tls',
          occurredAt: new Date(),
          tenantId: 'ten_tls',
          clientId: '',
          livemode: false,
          payload: Buffer.from('over tls'),
          key: 'k',
        },
      ]);
      await waitFor(() => expect(heard.map((e) => e.id)).toEqual([id]), { timeoutMs: 30_000 });
      expect(heard[0]?.payload.toString()).toBe('over tls');
    } finally {
      await admin.disconnect();
      await consumer.stop();
      await publisher.stop();
    }
  });
});

describe('Kafka start-up with a wrong setting', () => {
  it('when the SASL password is wrong, then start-up fails naming KAFKA_SASL_USERNAME/KAFKA_SASL_PASSWORD, keeps retrying, and logs no password', async () => {
    const wrong = 'not-the-password-4711';
    const logs = captureLogs();
    const { publisher } = clientsFor(sasl('scram-sha-512', wrong), logs.logger);
    const { warnings, logText } = await failedStarts(publisher);
    expect(warnings).toEqual([
      'Kafka authentication failed: check KAFKA_SASL_USERNAME/KAFKA_SASL_PASSWORD and KAFKA_SASL_MECHANISM; retrying',
      'Kafka authentication failed: check KAFKA_SASL_USERNAME/KAFKA_SASL_PASSWORD and KAFKA_SASL_MECHANISM; retrying',
    ]);
    for (const text of [logText, logs.text()]) {
      expect(text).not.toContain(wrong);
      expect(text).not.toContain(broker.users['scram-sha-512'].password);
    }
  });

  it('when the CA is not the one that signed the broker, then start-up fails naming KAFKA_SSL_CA_FILE and keeps retrying', async () => {
    const { publisher } = clientsFor({ ...sasl('scram-sha-256'), KAFKA_SSL_CA_FILE: ca.wrongCaFile });
    const { warnings } = await failedStarts(publisher);
    expect(warnings[0]).toBe(
      `TLS: Kafka's certificate not trusted: check KAFKA_SSL_CA_FILE (${broker.saslSslBroker}); retrying`,
    );
    expect(warnings).toHaveLength(2);
  });

  it('when the mutual TLS listener gets no client certificate, then start-up fails naming KAFKA_SSL_CERT_FILE/KAFKA_SSL_KEY_FILE', async () => {
    const { KAFKA_SSL_CERT_FILE: _c, KAFKA_SSL_KEY_FILE: _k, ...withoutCertificate } = mutualTls();
    const { publisher } = clientsFor(withoutCertificate);
    const { warnings } = await failedStarts(publisher);
    expect(warnings[0]).toBe(
      `TLS: Kafka refused our client certificate: check KAFKA_SSL_CERT_FILE/KAFKA_SSL_KEY_FILE (${broker.mutualTlsBroker}); retrying`,
    );
  });
});

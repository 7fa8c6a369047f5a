import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiAccess, identityChanged } from '@travel/contracts';
import { decodeEnvelope, namespaced } from '@travel/events';
import { type PlainKafka, startPlainKafka } from '@travel/local-deploy';
import { createServiceClient, freePort, uniqueName, waitFor } from '@travel/testkit';
import { type ApiAccessUnderTest, PLATFORM, startApiAccess } from './api-access.fixture';

// identity.changes through the outbox while Kafka is really gone: identity runs against a broker of this test's own
// (the shared one is untouched), which is stopped while staff make changes and then started again. Every change must
// answer without waiting for Kafka, and once the broker is back each change's notice is on the topic exactly once.

/** Longer than any write takes, far shorter than a publish to a stopped broker waits (kafkajs retries for 30 s+). */
const WITHOUT_KAFKA_MS = 4000;

const dir = mkdtempSync(join(tmpdir(), 'identity-changes-outbox-'));
let ports: { broker: number; controller: number };
let broker: PlainKafka | undefined;
let identity: ApiAccessUnderTest;

beforeAll(async () => {
  ports = { broker: await freePort(), controller: await freePort() };
  broker = await startPlainKafka(dir, ports);
  identity = await startApiAccess({ KAFKA_BROKERS: broker.broker });
}, 180_000);
afterAll(async () => {
  broker ??= await startPlainKafka(dir, ports); // identity leaves its topics behind only with the broker up
  await identity?.stop();
  await broker.stop();
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

/** Every `identity.changed` on the topic from its beginning: event id, kind and id. */
async function changesOnTopic(): Promise<{ eventId: string; kind: string; id: string }[]> {
  const consumer = identity.kafka.consumer({
    groupId: namespaced(identity.kafka, uniqueName('ct-outbox-reader')),
    maxWaitTimeInMs: 200,
  });
  const found: { eventId: string; kind: string; id: string }[] = [];
  await consumer.connect();
  try {
    await consumer.subscribe({
      topics: [namespaced(identity.kafka, 'identity.changes')],
      fromBeginning: true,
    });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const event = decodeEnvelope(message.value);
        const { kind, id } = identityChanged.IdentityChanged.decode(event.payload);
        found.push({ eventId: event.id, kind, id });
      },
    });
    // Read until the end: the topic is small, and a second with nothing new means it was all read.
    let seen = -1;
    await waitFor(
      () => {
        const now = found.length;
        const settled = now === seen;
        seen = now;
        expect(settled).toBe(true);
      },
      { timeoutMs: 30_000, intervalMs: 1000 },
    );
    return found;
  } finally {
    await consumer.disconnect();
  }
}

const outboxSize = () => identity.connection.collection('identity_changes_outbox').countDocuments();

describe('identity.changes while Kafka is down', () => {
  it('when Kafka is down, then creating a key, revoking it and suspending a client answer at once, and once it is back each change is published exactly once', async () => {
    const { client } = await identity.apiAccess.createClient({
      caller: PLATFORM,
      name: uniqueName('outbox'),
    });
    const clientId = String(client?.id);
    const before = await identity.apiAccess.createKey({
      caller: PLATFORM,
      clientId: client?.id ?? 0,
      scopes: ['search:read'],
      ipAllowList: [],
    });
    const earlierKey = before.issued?.key?.id ?? '';
    await waitFor(() => expect(identity.changesHeard('api_key', earlierKey)).toHaveLength(1), {
      timeoutMs: 10_000,
    });

    await broker?.stop();
    broker = undefined;
    // A call that waited for the broker would miss this deadline.
    const withoutKafka = createServiceClient(apiAccess.ApiAccessServiceDefinition, identity.address, {
      deadlineMs: WITHOUT_KAFKA_MS,
    });
    const took: Record<string, number> = {};
    const timed = async <T>(name: string, call: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const answer = await call();
      took[name] = Math.round(performance.now() - started);
      return answer;
    };
    const { issued } = await timed('create key', () =>
      withoutKafka.createKey({
        caller: PLATFORM,
        clientId: client?.id ?? 0,
        scopes: ['search:read'],
        ipAllowList: [],
      }),
    );
    // The secret is answered: the key is usable, and nobody has to make a second one.
    expect(issued?.secret).toMatch(/^ptk_live_/);
    const keyId = issued?.key?.id ?? '';
    const revoked = await timed('revoke key', () => withoutKafka.revokeKey({ caller: PLATFORM, id: keyId }));
    expect(revoked.key?.status).toBe('revoked');
    const suspended = await timed('suspend client', () =>
      withoutKafka.updateClient({ caller: PLATFORM, id: client?.id ?? 0, status: 'suspended' }),
    );
    expect(suspended.client?.status).toBe('suspended');
    process.stderr.write(`[identity outbox] calls with Kafka down (ms): ${JSON.stringify(took)}\n`);
    // The three notices wait in the outbox, nothing else does.
    expect(await outboxSize()).toBe(3);

    broker = await startPlainKafka(dir, ports);
    await waitFor(async () => expect(await outboxSize()).toBe(0), { timeoutMs: 90_000, intervalMs: 500 });
    const changes = await changesOnTopic();
    const count = (kind: string, id: string) => changes.filter((c) => c.kind === kind && c.id === id).length;
    expect({
      client: count('api_client', clientId),
      earlierKey: count('api_key', earlierKey),
      key: count('api_key', keyId),
    }).toEqual({ client: 2, earlierKey: 1, key: 2 }); // client: created, suspended; key: created, revoked
    expect(new Set(changes.map((c) => c.eventId)).size).toBe(changes.length);
    // And a listening gateway hears new changes again (its subscriber has rejoined after the outage).
    await identity.apiAccess.updateKey({ caller: PLATFORM, id: earlierKey, name: 'after the outage' });
    await waitFor(() => expect(identity.changesHeard('api_key', earlierKey)).toHaveLength(2), {
      timeoutMs: 60_000,
    });
  }, 300_000);
});

import { randomBytes } from 'node:crypto';
import { sealingKeysOf } from '@travel/config';
import { createSealer } from '@travel/sealing';
import { startReceiver, verifySignature, waitFor } from '@travel/testkit';
import mongoose from 'mongoose';
import { readConfig } from '../src/config';
import { createEndpointRepository } from '../src/db/endpoint.repository';
import { createEndpointSecrets } from '../src/db/endpoint-secrets';
import { resealSecrets } from '../src/jobs/reseal-secrets';
import { bookingEvent, caller, startPublisher, startWebhook, webhookEnv } from './webhook.fixture';

// Issue 30: endpoint signing secrets are sealed in the store (endpoint id bound) and opened only to sign.
const OLD = `k1:${randomBytes(32).toString('base64')}`;
const env = webhookEnv({ SEALING_KEYS: OLD });
let service: Awaited<ReturnType<typeof startWebhook>>;
let raw: mongoose.mongo.MongoClient;
const endpoints = () => raw.db(env.MONGO_DATABASE).collection('webhook_endpoints');

beforeAll(async () => {
  service = await startWebhook(env);
  raw = await new mongoose.mongo.MongoClient(env.MONGO_URL as string).connect();
});
afterAll(async () => {
  await raw?.close();
  await service?.stop();
});

describe('endpoint signing secrets at rest', () => {
  it('when an endpoint is registered, then its secret is sealed in the store and deliveries are still signed with it', async () => {
    const receiver = await startReceiver();
    const publisher = await startPublisher(env);
    try {
      const who = caller(9101);
      const reply = await service.client.registerEndpoint({ caller: who, url: receiver.url, events: [] });
      const stored = await endpoints().findOne({ _id: reply.endpoint?.id as never });
      expect(stored?.secret).toMatch(/^sealed:v1:k1:/);
      expect(JSON.stringify(stored)).not.toContain(reply.secret);
      await publisher.publish('booking.events', bookingEvent(9101));
      await waitFor(() => expect(receiver.received).toHaveLength(1));
      const [request] = receiver.received;
      const header = String(request?.headers['x-partner-signature']);
      expect(
        verifySignature(reply.secret, header, request?.rawBody ?? '', Math.floor(Date.now() / 1000)),
      ).toBe(true);
    } finally {
      await publisher.stop();
      await receiver.stop();
    }
  });

  it('when a secret is in clear (stored before sealing), then it still opens, and reseal seals it under the active key bound to its endpoint', async () => {
    const reply = await service.client.registerEndpoint({
      caller: caller(9102),
      url: 'http://127.0.0.1:9/x',
      events: [],
    });
    const id = reply.endpoint?.id ?? '';
    await endpoints().updateOne(
      { _id: id as never },
      { $set: { secret: 'whsec_legacyInClear0000000000000000' } },
    );
    const NEW = `k2:${randomBytes(32).toString('base64')}`;
    const sealer = createSealer(
      sealingKeysOf(readConfig({ ...env, SEALING_KEYS: `${OLD},${NEW}`, SEALING_ACTIVE_KEY: 'k2' })),
    );
    const secrets = createEndpointSecrets(sealer);
    const connection = await mongoose
      .createConnection(env.MONGO_URL as string, { dbName: env.MONGO_DATABASE })
      .asPromise();
    try {
      const repository = createEndpointRepository(connection);
      const count = await resealSecrets({ endpoints: repository, secrets });
      expect(count).toMatchObject({ current: 0, unopenable: 0 });
      expect(count.resealed).toBeGreaterThanOrEqual(2);
      const stored = await endpoints().findOne({ _id: id as never });
      expect(stored?.secret).toMatch(/^sealed:v1:k2:/);
      expect(secrets.open({ id, sealedSecret: stored?.secret })).toBe('whsec_legacyInClear0000000000000000');
      expect(() => secrets.open({ id: 'whk_0', sealedSecret: stored?.secret })).toThrow();
    } finally {
      await connection.close();
    }
  });

  it('when an endpoint was rotated with an overlap, then reseal seals its retiring secret too, and both still sign', async () => {
    const who = caller(9103);
    const registered = await service.client.registerEndpoint({
      caller: who,
      url: 'http://127.0.0.1:9/r',
      events: [],
    });
    const id = registered.endpoint?.id ?? '';
    const rotated = await service.client.rotateEndpointSecret({ caller: who, id, overlapSeconds: 3600 });
    const NEW = `k3:${randomBytes(32).toString('base64')}`;
    const sealer = createSealer(
      sealingKeysOf(readConfig({ ...env, SEALING_KEYS: `${OLD},${NEW}`, SEALING_ACTIVE_KEY: 'k3' })),
    );
    const secrets = createEndpointSecrets(sealer);
    const connection = await mongoose
      .createConnection(env.MONGO_URL as string, { dbName: env.MONGO_DATABASE })
      .asPromise();
    try {
      await resealSecrets({ endpoints: createEndpointRepository(connection), secrets });
      const stored = await endpoints().findOne({ _id: id as never });
      expect(stored?.secret).toMatch(/^sealed:v1:k3:/);
      expect(stored?.retiringSecrets?.map((r: { secret: string }) => r.secret.slice(0, 13))).toEqual([
        'sealed:v1:k3:',
      ]);
      const endpoint = await createEndpointRepository(connection).find(id);
      expect(secrets.signingAt(endpoint as NonNullable<typeof endpoint>, new Date())).toEqual([
        rotated.secret,
        registered.secret,
      ]);
    } finally {
      await connection.close();
    }
  });
});

import { content } from '@travel/contracts';
import type { ServiceClient } from '@travel/grpc';
import {
  createServiceClient,
  peerTlsEnv,
  startServiceUnderTest,
  testInfra,
  testLogger,
  uniqueName,
  wireCallers,
} from '@travel/testkit';
import { readConfig } from '../src/config';
import { createContentService } from '../src/service';

const infra = testInfra();

export type ContentClient = ServiceClient<typeof content.ContentServiceDefinition>;

/** The content service in-process on a database and Kafka namespace of its own, and a client to it. */
export async function startContent() {
  const namespace = uniqueName('ct-content');
  const built = createContentService(
    readConfig({
      GRPC_PORT: '0',
      ...peerTlsEnv('content'),
      MONGO_URL: infra.mongoUrl,
      MONGO_DATABASE: uniqueName('ct_content'),
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      KAFKA_NAMESPACE: namespace,
    }),
    testLogger(),
  );
  const service = await startServiceUnderTest(built);
  const client: ContentClient = createServiceClient(content.ContentServiceDefinition, service.address, {
    deadlineMs: 20_000,
  });
  return {
    client,
    service,
    namespace,
    /** The raw blogs collection, tombstones included (the model's queries skip them). */
    rawBlogs: () => built.mongo.connection.collection('blogs'),
    async stop() {
      await built.mongo.connection.dropDatabase();
      await service.stop();
    },
  };
}

/** The catalog code a call failed with and the paths of its details (testkit's). */
export { failureOf } from '@travel/testkit';

/** Platform staff holding both editing rights (themes need none). */
export const actor = wireCallers.platformStaff(['blogs', 'hero-carousel'], 'usr_1');

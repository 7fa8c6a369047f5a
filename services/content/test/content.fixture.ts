import { content } from '@travel/contracts';
import { createServiceClient, type ServiceClient } from '@travel/grpc';
import { startServiceUnderTest, testInfra, testLogger, uniqueName, wireCallers } from '@travel/testkit';
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

/** The catalog code a call failed with (`ok` when it did not fail), and its details. */
export async function failureOf(call: Promise<unknown>): Promise<{ code: string; paths: string[] }> {
  try {
    await call;
    return { code: 'ok', paths: [] };
  } catch (error) {
    const { code, details } = error as { code?: string; details?: { path: string }[] };
    return { code: code ?? String(error), paths: (details ?? []).map((detail) => detail.path) };
  }
}

/** Platform staff holding both editing rights (themes need none). */
export const actor = wireCallers.platformStaff(['blogs', 'hero-carousel'], 'usr_1');

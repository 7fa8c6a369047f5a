import { health } from '@travel/contracts';
import { type Component, startAll } from '@travel/lifecycle';
import { createServiceClient } from './peer-tls';
import { testLogger } from './silent-logger';

export interface ServiceUnderTest {
  address: string;
  /** grpc.health.v1 Check over the network, as a probe would ask: `''` is the whole process. */
  health(service?: string): Promise<string>;
  stop(): Promise<void>;
}

/** A service's database handle (`createMongo` of @travel/mongo), as far as the testkit uses it. */
interface MigratedStore {
  migrate(): Promise<unknown>;
  missingIndexes(): readonly { collection: string; index: string }[];
}

/**
 * Starts a service's real components in-process (its gRPC server on a free port) for a component test. Its index
 * migration runs first, as the launcher and the chart's hook Job run it before a process starts; a service that
 * then still finds a declared index missing (its model is not in `src/db/collections.ts`) fails the start.
 */
export async function startServiceUnderTest(built: {
  components: Component[];
  grpc: { port(): number };
  mongo?: MigratedStore;
}): Promise<ServiceUnderTest> {
  await built.mongo?.migrate();
  const stop = await startAll(built.components, testLogger());
  const missing = built.mongo?.missingIndexes() ?? [];
  if (missing.length > 0) {
    await stop();
    const names = missing.map(({ collection, index }) => `${collection}.${index}`).join(', ');
    throw new Error(
      `indexes missing after the migration (is the collection in src/db/collections.ts?): ${names}`,
    );
  }
  const address = `127.0.0.1:${built.grpc.port()}`;
  const client = createServiceClient(health.HealthDefinition, address, { deadlineMs: 3000 });
  return {
    address,
    async health(service = '') {
      const { status } = await client.check({ service });
      return health.healthCheckResponse_ServingStatusToJSON(status);
    },
    stop,
  };
}

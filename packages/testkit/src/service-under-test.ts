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

/** Starts a service's real components in-process (its gRPC server on a free port) for a component test. */
export async function startServiceUnderTest(built: {
  components: Component[];
  grpc: { port(): number };
}): Promise<ServiceUnderTest> {
  const stop = await startAll(built.components, testLogger());
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

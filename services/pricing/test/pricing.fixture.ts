import { pricing } from '@travel/contracts';
import type { ServiceClient } from '@travel/grpc';
import {
  createServiceClient,
  peerTlsEnv,
  startServiceUnderTest,
  testInfra,
  testLogger,
  uniqueName,
} from '@travel/testkit';
import { readConfig } from '../src/config';
import { createPricingService } from '../src/service';

const infra = testInfra();

/** One Kafka namespace per test file: the replicas of a test hear each other's rule changes, not other files'. */
export const namespace = `${uniqueName('ct_pricing')}.`;

export interface PricingUnderTest {
  client: ServiceClient<typeof pricing.PricingServiceDefinition>;
  /** The wired service, for tests that look at or stop one of its components. */
  built: ReturnType<typeof createPricingService>;
  health(service?: string): Promise<string>;
  stop(): Promise<void>;
}

/** A fresh database for one test: pricing rules are platform-wide, so tests must not see each other's. */
export function pricingDatabase(): string {
  return uniqueName('ct_pricing');
}

/** The real pricing service in-process (a replica, with its own broadcast group) on the given database. */
export async function startPricing(
  database: string,
  env: Record<string, string> = {},
): Promise<PricingUnderTest> {
  const config = readConfig({
    GRPC_PORT: '0',
    ...peerTlsEnv('pricing'),
    MONGO_URL: infra.mongoUrl,
    MONGO_DATABASE: database,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: namespace,
    ...env,
  });
  const built = createPricingService(config, testLogger());
  const service = await startServiceUnderTest(built);
  return {
    client: createServiceClient(pricing.PricingServiceDefinition, service.address, { deadlineMs: 10_000 }),
    built,
    health: (name) => service.health(name),
    stop: () => service.stop(),
  };
}

import { pricing } from '@travel/contracts';
import { createServiceClient, type ServiceClient } from '@travel/grpc';
import { startServiceUnderTest, testInfra, testLogger, uniqueName } from '@travel/testkit';
import { readConfig } from '../src/config';
import { createPricingService } from '../src/service';

const infra = testInfra();

export interface PricingUnderTest {
  client: ServiceClient<typeof pricing.PricingServiceDefinition>;
  stop(): Promise<void>;
}

/** A fresh database for one test: pricing rules are platform-wide, so tests must not see each other's. */
export function pricingDatabase(): string {
  return uniqueName('ct_pricing');
}

/** The real pricing service in-process (a replica) on the given database. */
export async function startPricing(
  database: string,
  env: Record<string, string> = {},
): Promise<PricingUnderTest> {
  const config = readConfig({ GRPC_PORT: '0', MONGO_URL: infra.mongoUrl, MONGO_DATABASE: database, ...env });
  const service = await startServiceUnderTest(createPricingService(config, testLogger()));
  return {
    client: createServiceClient(pricing.PricingServiceDefinition, service.address, { deadlineMs: 10_000 }),
    stop: () => service.stop(),
  };
}

import { pricing, supply } from '@travel/contracts';
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
import { readConfig as readPricingConfig } from '../../pricing/src/config';
import { createPricingService } from '../../pricing/src/service';
import { readConfig } from '../src/config';
import { createSupplyService } from '../src/service';

const infra = testInfra();

export type SupplyClient = ServiceClient<typeof supply.SupplyServiceDefinition>;

/** The supply service in-process on a database and namespace of its own, beside a real pricing service it quotes with. */
export async function startSupply() {
  const namespace = uniqueName('ct-supply-own');
  const pricingService = await startServiceUnderTest(
    createPricingService(
      readPricingConfig({
        GRPC_PORT: '0',
        ...peerTlsEnv('pricing'),
        MONGO_URL: infra.mongoUrl,
        MONGO_DATABASE: uniqueName('ct_sup_pricing'),
        KAFKA_BROKERS: infra.kafkaBrokers.join(','),
        KAFKA_NAMESPACE: uniqueName('ct-supply'),
      }),
      testLogger(),
    ),
  );
  const built = createSupplyService(
    readConfig({
      GRPC_PORT: '0',
      ...peerTlsEnv('supply'),
      MONGO_URL: infra.mongoUrl,
      MONGO_DATABASE: uniqueName('ct_supply'),
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      KAFKA_NAMESPACE: namespace,
      PRICING_ADDRESS: pricingService.address,
    }),
    testLogger(),
  );
  const service = await startServiceUnderTest(built);
  const client: SupplyClient = createServiceClient(supply.SupplyServiceDefinition, service.address, {
    deadlineMs: 20_000,
  });
  const pricingClient = createServiceClient(pricing.PricingServiceDefinition, pricingService.address, {
    deadlineMs: 20_000,
  });
  return {
    client,
    pricing: pricingClient,
    service,
    namespace,
    async stop() {
      await built.mongo.connection.dropDatabase();
      await service.stop();
      await pricingService.stop();
    },
  };
}

/** The catalog code a call failed with and the paths of its details (testkit's). */
export { failureOf } from '@travel/testkit';

/** Platform staff with the right `suppliers` (vendors and policies need none). */
export const caller = wireCallers.platformStaff(['suppliers'], 'usr_1');

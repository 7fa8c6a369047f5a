import { caller, corporate } from '@travel/contracts';
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
import {
  ADMIN,
  actorOf,
  type IdentityUnderTest,
  login,
  newTenant,
  startIdentity,
} from '../../identity/test/staff.fixture';
import { startSupply } from '../../supply/test/supply.fixture';
import { readConfig } from '../src/config';
import { createCorporateService } from '../src/service';

export type CorporateClient = ServiceClient<typeof corporate.CorporateServiceDefinition>;

/**
 * The corporate service in-process on a fresh database, beside the real identity that records its audit entries and the real
 * supply service whose suppliers its contracts name.
 */
export async function startCorporate() {
  const identity: IdentityUnderTest = await startIdentity();
  const supply = await startSupply();
  const built = createCorporateService(
    readConfig({
      GRPC_PORT: '0',
      ...peerTlsEnv('corporate'),
      MONGO_URL: testInfra().mongoUrl,
      MONGO_DATABASE: uniqueName('ct_corporate'),
      KAFKA_BROKERS: testInfra().kafkaBrokers.join(','),
      // Identity's namespace: its consumer records the entries this service relays.
      KAFKA_NAMESPACE: identity.config.KAFKA_NAMESPACE,
      IDENTITY_ADDRESS: identity.service.address,
      SUPPLY_ADDRESS: supply.service.address,
    }),
    testLogger(),
  );
  const service = await startServiceUnderTest(built);
  const client: CorporateClient = createServiceClient(corporate.CorporateServiceDefinition, service.address, {
    deadlineMs: 20_000,
  });
  const platform = actorOf((await login(identity, ADMIN.email, ADMIN.password)).profile);
  return {
    client,
    identity,
    platform,
    db: built.mongo.connection,
    /** A new tenant and the actor of one of its staff members (as the gateway would send it). */
    async tenant(): Promise<{ tenantId: string; staff: caller.Caller }> {
      const tenantId = await newTenant(identity, platform);
      const staff = {
        ...platform,
        kind: caller.Caller_Kind.KIND_TENANT_STAFF,
        userId: uniqueName('usr'),
        tenantId,
      };
      return { tenantId, staff };
    },
    /** A supplier of the supply directory, as the platform would file it. */
    async supplier(services: string[], status = 'active'): Promise<string> {
      const { supplier } = await supply.client.createSupplier({
        caller: wireCallers.platformStaff(['suppliers'], platform.userId),
        name: uniqueName('Supplier'),
        services,
        status,
      });
      return supplier?.id ?? '';
    },
    async stop() {
      await built.mongo.connection.dropDatabase();
      await service.stop();
      await supply.stop();
      await identity.stop();
    },
  };
}

export const flightRule = { maxAmount: 40_000, approvalThreshold: 15_000, allowedCabins: ['economy'] };
export const stayRule = { maxAmount: 12_000, approvalThreshold: 8_000, allowedCabins: [] };

import { startAll } from '@travel/lifecycle';
import {
  gatewayTlsEnv,
  type ServiceUnderTest,
  startServiceUnderTest,
  testInfra,
  testLogger,
  uniqueName,
} from '@travel/testkit';
import { createIdentityService } from '../../../services/identity/src/service';
import { identityConfig as testIdentityConfig } from '../../../services/identity/test/staff.fixture';
import type { ServiceClients } from '../../src/clients/service-clients';
import { readConfig } from '../../src/config';
import { createGateway } from '../../src/gateway';

/** gRPC calls that reached a service, as `service.method`; the access checks' own lookups are left out. */
export type CallLog = string[];

const ACCESS_LOOKUPS = new Set([
  'apiAccess.findKeyByHash',
  'apiAccess.getApiSettings',
  'staff.getSession',
  'staff.getAccessTokenKeys',
  'customers.getCustomerSession',
  'customers.getCustomerTokenKeys',
  'platformSettings.getPlatformSettings',
  'platformSettings.listConsoleIpRules',
]);

/** Wraps every service client so a test can tell whether a request reached a service (or identity's lookups). */
function countingClients(clients: ServiceClients, calls: CallLog, lookups: CallLog): ServiceClients {
  const wrap = <T extends object>(name: string, client: T): T =>
    new Proxy(client, {
      get(target, method, receiver) {
        const value = Reflect.get(target, method, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const call = `${name}.${String(method)}`;
          (ACCESS_LOOKUPS.has(call) ? lookups : calls).push(call);
          return value.apply(target, args);
        };
      },
    });
  return Object.fromEntries(
    Object.entries(clients).map(([name, client]) => [
      name,
      name === 'health' ? client : wrap(name, client as object),
    ]),
  ) as unknown as ServiceClients;
}

export interface AccessHarness {
  identity: ServiceUnderTest;
  /** Stops identity as a crash would leave the gateways: its port refuses every call. */
  stopIdentity(): Promise<void>;
  /** Starts identity again on the same port and database. */
  startIdentityAgain(): Promise<void>;
  /** Base URLs of the gateways, in the order of `gatewayEnvs`. */
  gateways: string[];
  calls: CallLog;
  /** The access checks' own calls to identity (key, session, settings lookups), left out of `calls`. */
  lookups: CallLog;
  stop(): Promise<void>;
}

/**
 * The real identity service and one or more real gateways, in-process, against the real store, Kafka
 * and Redis, in a Kafka namespace and Redis prefix of their own.
 */
export async function startAccessHarness(
  gatewayEnvs: Record<string, string>[] = [{}],
): Promise<AccessHarness> {
  const infra = testInfra();
  const identityConfig = testIdentityConfig();
  // The gateways share identity's Kafka namespace, so they hear its changes and feed its usage.
  const kafkaEnv = {
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: identityConfig.KAFKA_NAMESPACE,
    KAFKA_TOPIC_PARTITIONS: '1',
  };
  let identityBuilt = createIdentityService(identityConfig, testLogger());
  let identity = await startServiceUnderTest(identityBuilt);
  let identityRunning = true;
  const identityPort = identityBuilt.grpc.port();
  const calls: CallLog = [];
  const lookups: CallLog = [];
  const rateLimitPrefix = uniqueName('ct:rl');
  const gateways = gatewayEnvs.map((env) =>
    createGateway(
      readConfig({
        HTTP_PORT: '0',
        ...gatewayTlsEnv(),
        REDIS_URL: infra.redisUrl,
        IDENTITY_ADDRESS: identity.address,
        // No other service runs here: a call that gets past the checks is counted, then fails fast.
        ...Object.fromEntries(
          ['SEARCH', 'PRICING', 'BOOKING', 'BILLING', 'WEBHOOK'].map((name) => [
            `${name}_ADDRESS`,
            '127.0.0.1:1',
          ]),
        ),
        RATE_LIMIT_PREFIX: rateLimitPrefix,
        USAGE_FLUSH_MS: '200',
        ...kafkaEnv,
        ...env,
      }),
      testLogger(),
      (clients) => countingClients(clients, calls, lookups),
    ),
  );
  const stops = await Promise.all(gateways.map((gateway) => startAll(gateway.components, testLogger())));
  const startIdentityAgain = async () => {
    identityBuilt = createIdentityService({ ...identityConfig, GRPC_PORT: identityPort }, testLogger());
    identity = await startServiceUnderTest(identityBuilt);
    identityRunning = true;
  };
  return {
    get identity() {
      return identity;
    },
    async stopIdentity() {
      await identity.stop();
      identityRunning = false;
    },
    startIdentityAgain,
    gateways: gateways.map((gateway) => `http://127.0.0.1:${gateway.http.port()}`),
    calls,
    lookups,
    async stop() {
      await Promise.all(stops.map((stop) => stop()));
      if (!identityRunning) await startIdentityAgain();
      await identityBuilt.mongo.connection.dropDatabase();
      await identity.stop();
    },
  };
}

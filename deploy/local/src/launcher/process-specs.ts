import { join } from 'node:path';
import { repoRoot } from '../infra/paths';
import type { InfraUrls } from '../infra/types';
import { grpcAddress, type ProcessName, SERVICES, type ServiceName, type StackProfile } from './profile';

/** How to run one process of the platform: enough to start it again after a test killed it. */
export interface ProcessSpec {
  name: ProcessName;
  entry: string;
  env: Record<string, string>;
}

function infraEnv(profile: StackProfile, urls: InfraUrls): Record<string, string> {
  return {
    MONGO_URL: urls.mongoUrl,
    KAFKA_BROKERS: urls.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: profile.kafkaNamespace,
    REDIS_URL: urls.redisUrl,
  };
}

function serviceSpec(profile: StackProfile, urls: InfraUrls, service: ServiceName): ProcessSpec {
  const port = grpcAddress(profile, service).split(':')[1] ?? '';
  return {
    name: service,
    entry: join(repoRoot, 'services', service, 'dist', 'main.js'),
    env: {
      ...infraEnv(profile, urls),
      GRPC_PORT: port,
      MONGO_DATABASE: `${profile.databasePrefix}${service}`,
    },
  };
}

function gatewaySpec(profile: StackProfile, urls: InfraUrls): ProcessSpec {
  const addresses = Object.fromEntries(
    SERVICES.map((service) => [`${service.toUpperCase()}_ADDRESS`, grpcAddress(profile, service)]),
  );
  return {
    name: 'gateway',
    entry: join(repoRoot, 'gateway', 'dist', 'main.js'),
    env: {
      ...infraEnv(profile, urls),
      ...addresses,
      HTTP_PORT: String(profile.httpPort),
      RATE_LIMIT_PREFIX: profile.redisPrefix,
      // Tests sign in far more often than people do.
      ...(profile.name === 'e2e' ? { SIGN_IN_ATTEMPTS_PER_MINUTE: '1000' } : {}),
    },
  };
}

/** Every process of one profile: the six services, then the gateway. */
export function processSpecs(profile: StackProfile, urls: InfraUrls): ProcessSpec[] {
  return [...SERVICES.map((service) => serviceSpec(profile, urls, service)), gatewaySpec(profile, urls)];
}

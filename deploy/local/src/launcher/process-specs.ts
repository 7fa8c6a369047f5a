import { join } from 'node:path';
import { repoRoot } from '../infra/paths';
import type { InfraUrls } from '../infra/types';
import { engagementEnv } from './engagement-env';
import type { OfferKeys } from './offer-keys';
import {
  consolePort,
  consoleServerUrl,
  grpcPort,
  grpcTarget,
  isTestProfile,
  metricsPort,
  type ProcessName,
  probePort,
  replicaHost,
  SERVICES,
  type ServiceName,
  type StackProfile,
} from './profile';
import { type ReplicaCounts, replicasOf } from './replicas';
import { sealingEnvOf } from './sealing-keys';

/** How to run one replica of one process of the platform: enough to start it again after a test killed it. */
export interface ProcessSpec {
  name: ProcessName;
  /** 1-based; replica k listens on 127.0.0.k. */
  replica: number;
  entry: string;
  env: Record<string, string>;
}

/**
 * A stack's keys: its offer-token pair (and the sealing key derived from it), and the folder of its CA and
 * per-process certificates (`peerTlsFor`), one `<root>/<peer>/` each.
 */
export type StackKeys = OfferKeys & { peerTlsRoot: string };

/** What a client of each service dials: every replica of it. */
type Targets = (service: ServiceName) => string;

function infraEnv(profile: StackProfile, urls: InfraUrls): Record<string, string> {
  return {
    MONGO_URL: urls.mongoUrl,
    KAFKA_BROKERS: urls.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: profile.kafkaNamespace,
    REDIS_URL: urls.redisUrl,
  };
}

/** What one service needs beyond the infrastructure: its peers and its share of the offer-token keys. */
function serviceExtras(
  profile: StackProfile,
  service: ServiceName,
  keys: OfferKeys,
  target: Targets,
): Record<string, string> {
  if (service === 'search')
    return { PRICING_ADDRESS: target('pricing'), OFFER_TOKEN_PRIVATE_KEY: keys.privateKeyPem };
  // Booking pays storefront bookings through billing, their discounts and vouchers through promotions.
  if (service === 'booking')
    return {
      PRICING_ADDRESS: target('pricing'),
      BILLING_ADDRESS: target('billing'),
      PROMOTIONS_ADDRESS: target('promotions'),
      OFFER_TOKEN_PUBLIC_KEY: keys.publicKeyPem,
    };
  // The built-in payment simulator charges where no gateway is set (docs/payments.md): the local and test stacks;
  // the images run NODE_ENV=production, which refuses it, as the chart's production install does.
  if (service === 'billing')
    return { ...sealingEnvOf(keys), ...(profile.name === 'images' ? {} : { PAYMENT_SIMULATOR: 'true' }) };
  // Corporate checks tenants and audits every change in identity, and contracts' suppliers in supply.
  if (service === 'corporate')
    return { IDENTITY_ADDRESS: target('identity'), SUPPLY_ADDRESS: target('supply') };
  // Reports' rebuild pages booking's history (rebuild.js runs with the service's environment).
  if (service === 'reports') return { BOOKING_ADDRESS: target('booking') };
  // Supply prices insurance premiums through pricing.
  if (service === 'supply') return { PRICING_ADDRESS: target('pricing') };
  // The test suites watch whole retry schedules, so theirs lasts seconds, not 15 hours (an endpoint's breaker
  // holds a second, not 30), and an endpoint that failed for 20 seconds (not 5 days) is disabled. Engagement
  // emails its tenant's staff; identity names a client's tenant for the console's webhook calls.
  if (service === 'webhook')
    return {
      ...sealingEnvOf(keys),
      ENGAGEMENT_ADDRESS: target('engagement'),
      IDENTITY_ADDRESS: target('identity'),
      ...(isTestProfile(profile)
        ? {
            WEBHOOK_RETRY_DELAYS: '1s,1s,1s,1s,1s',
            WEBHOOK_POLL_MS: '200',
            WEBHOOK_AUTO_DISABLE_AFTER: '20s',
            WEBHOOK_AUTO_DISABLE_CHECK_MS: '1000',
            WEBHOOK_BREAKER_OPEN_MS: '1000',
          }
        : {}),
    };
  // Engagement asks identity for a tenant's staff addresses (staff notices).
  if (service === 'engagement') return { ...engagementEnv(profile), IDENTITY_ADDRESS: target('identity') };
  if (service === 'identity') return { ...sealingEnvOf(keys), ...identityTestTuning(profile) };
  return {};
}

function serviceSpec(
  profile: StackProfile,
  urls: InfraUrls,
  keys: StackKeys,
  target: Targets,
  service: ServiceName,
  replica: number,
): ProcessSpec {
  return {
    name: service,
    replica,
    entry: join(repoRoot, 'services', service, 'dist', 'main.js'),
    env: {
      ...infraEnv(profile, urls),
      GRPC_HOST: replicaHost(profile, replica),
      GRPC_PORT: String(grpcPort(profile, service)),
      METRICS_HOST: replicaHost(profile, replica),
      METRICS_PORT: String(metricsPort(profile, service)),
      MONGO_DATABASE: `${profile.databasePrefix}${service}`,
      // Its certificate (docs/caller-trust.md), and the plaintext health port the launcher's readiness asks.
      GRPC_TLS_DIR: join(keys.peerTlsRoot, service),
      GRPC_PROBE_PORT: String(probePort(profile, service)),
      ...serviceExtras(profile, service, keys, target),
    },
  };
}

/** The key-rotation suite waits for a rotated signing key to sign: two seconds instead of ten. */
function identityTestTuning(profile: StackProfile): Record<string, string> {
  // The suites sign in hundreds of times: 2^14 (16 MiB, ~30 ms) there; dev and production hash at 2^17.
  return isTestProfile(profile) ? { SIGNING_KEY_ACTIVATION_SECONDS: '2', PASSWORD_SCRYPT_LOG_N: '14' } : {};
}

/** Tests sign in and search far more often than people do; the rollout test drains its gateways briefly. */
function gatewayTestTuning(profile: StackProfile): Record<string, string> {
  if (!isTestProfile(profile)) return {};
  return {
    SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
    CUSTOMER_SIGN_IN_PER_ADDRESS_PER_MINUTE: '5000',
    PUBLIC_INTAKE_PER_MINUTE: '30',
    // Every storefront suite searches before it books, from one address.
    STOREFRONT_SEARCHES_PER_MINUTE: '100000',
    // The suites and the API fuzzer send refused keys by the hundred from 127.0.0.1.
    KEY_FAILURES_PER_ADDRESS: '100000',
    // The launch and the fault suites wait for the health report to say `ok` again: a fresher one waits less.
    HEALTH_REFRESH_MS: '1000',
    // Longer than the rollout test's readiness polls, so its load has moved away before the listener closes.
    ...(profile.name === 'rollout' ? { SHUTDOWN_DELAY_MS: '1500' } : {}),
  };
}

function gatewaySpec(
  profile: StackProfile,
  urls: InfraUrls,
  keys: StackKeys,
  target: Targets,
  replica: number,
): ProcessSpec {
  const addresses = Object.fromEntries(
    SERVICES.map((service) => [`${service.toUpperCase()}_ADDRESS`, target(service)]),
  );
  return {
    name: 'gateway',
    replica,
    entry: join(repoRoot, 'gateway', 'dist', 'main.js'),
    env: {
      ...infraEnv(profile, urls),
      ...addresses,
      HTTP_HOST: replicaHost(profile, replica),
      HTTP_PORT: String(profile.httpPort),
      METRICS_HOST: replicaHost(profile, replica),
      METRICS_PORT: String(metricsPort(profile, 'gateway')),
      RATE_LIMIT_PREFIX: profile.redisPrefix,
      GRPC_TLS_DIR: join(keys.peerTlsRoot, 'gateway'),
      PAYMENT_WEBHOOKS_TLS_DIR: join(keys.peerTlsRoot, 'payment-webhooks'),
      CONSOLE_URL: consoleServerUrl(profile),
      ...gatewayTestTuning(profile),
    },
  };
}

const replicaNumbers = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Every replica of every process of one profile: the services, then the gateways. */
export function processSpecs(
  profile: StackProfile,
  urls: InfraUrls,
  keys: StackKeys,
  counts: ReplicaCounts = {},
): ProcessSpec[] {
  const target: Targets = (service) => grpcTarget(profile, service, replicasOf(counts, service));
  return [
    ...SERVICES.flatMap((service) =>
      replicaNumbers(replicasOf(counts, service)).map((replica) =>
        serviceSpec(profile, urls, keys, target, service, replica),
      ),
    ),
    ...replicaNumbers(replicasOf(counts, 'gateway')).map((replica) =>
      gatewaySpec(profile, urls, keys, target, replica),
    ),
  ];
}

/**
 * The partner console's web server (docs/console.md): one replica on 127.0.0.1, reached by browsers through every
 * gateway's `/console`. It holds no secret and calls no service (the page calls the internal API itself). Kept
 * out of `processSpecs`, which is the API platform the images tier and the benches boot, until the images tier
 * builds the console's image too; the launcher starts it beside them.
 */
export function consoleSpec(profile: StackProfile): ProcessSpec {
  return {
    name: 'console',
    replica: 1,
    entry: join(repoRoot, 'console', 'dist', 'main.js'),
    env: {
      HTTP_HOST: replicaHost(profile),
      HTTP_PORT: String(consolePort(profile)),
      METRICS_HOST: replicaHost(profile),
      METRICS_PORT: String(metricsPort(profile, 'console')),
    },
  };
}

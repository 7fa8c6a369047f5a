import { join } from 'node:path';
import { repoRoot } from '../infra/paths';
import type { InfraUrls } from '../infra/types';
import { engagementEnv } from './engagement-env';
import type { OfferKeys } from './offer-keys';
import { paymentCredentialsKeyOf } from './payment-credentials-key';
import {
  grpcAddress,
  metricsPort,
  type ProcessName,
  SERVICES,
  type ServiceName,
  type StackProfile,
} from './profile';

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

/** What one service needs beyond the infrastructure: its peers and its share of the offer-token keys. */
function serviceExtras(profile: StackProfile, service: ServiceName, keys: OfferKeys): Record<string, string> {
  if (service === 'search')
    return { PRICING_ADDRESS: grpcAddress(profile, 'pricing'), OFFER_TOKEN_PRIVATE_KEY: keys.privateKeyPem };
  // Booking pays storefront bookings through billing, their discounts and vouchers through promotions.
  if (service === 'booking')
    return {
      PRICING_ADDRESS: grpcAddress(profile, 'pricing'),
      BILLING_ADDRESS: grpcAddress(profile, 'billing'),
      PROMOTIONS_ADDRESS: grpcAddress(profile, 'promotions'),
      OFFER_TOKEN_PUBLIC_KEY: keys.publicKeyPem,
    };
  if (service === 'billing') return { PAYMENT_CREDENTIALS_KEY: paymentCredentialsKeyOf(keys) };
  // Corporate checks tenants and audits every change in identity, and contracts' suppliers in supply.
  if (service === 'corporate')
    return {
      IDENTITY_ADDRESS: grpcAddress(profile, 'identity'),
      SUPPLY_ADDRESS: grpcAddress(profile, 'supply'),
    };
  // Supply prices insurance premiums through pricing.
  if (service === 'supply') return { PRICING_ADDRESS: grpcAddress(profile, 'pricing') };
  // The e2e suites watch whole retry schedules, so theirs lasts seconds, not 15 hours.
  if (service === 'webhook' && profile.name === 'e2e')
    return { WEBHOOK_RETRY_DELAYS: '1s,1s,1s,1s,1s', WEBHOOK_POLL_MS: '200' };
  if (service === 'engagement') return engagementEnv(profile);
  return {};
}

function serviceSpec(
  profile: StackProfile,
  urls: InfraUrls,
  service: ServiceName,
  keys: OfferKeys,
): ProcessSpec {
  const port = grpcAddress(profile, service).split(':')[1] ?? '';
  return {
    name: service,
    entry: join(repoRoot, 'services', service, 'dist', 'main.js'),
    env: {
      ...infraEnv(profile, urls),
      GRPC_PORT: port,
      METRICS_PORT: String(metricsPort(profile, service)),
      MONGO_DATABASE: `${profile.databasePrefix}${service}`,
      ...serviceExtras(profile, service, keys),
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
      METRICS_PORT: String(metricsPort(profile, 'gateway')),
      RATE_LIMIT_PREFIX: profile.redisPrefix,
      // Tests sign in far more often than people do.
      ...(profile.name === 'e2e'
        ? {
            SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
            CUSTOMER_SIGN_IN_PER_ADDRESS_PER_MINUTE: '5000',
            PUBLIC_INTAKE_PER_MINUTE: '30',
            // Every storefront suite searches before it books, from one address.
            STOREFRONT_SEARCHES_PER_MINUTE: '100000',
          }
        : {}),
    },
  };
}

/** Every process of one profile: the six services, then the gateway. */
export function processSpecs(profile: StackProfile, urls: InfraUrls, keys: OfferKeys): ProcessSpec[] {
  return [
    ...SERVICES.map((service) => serviceSpec(profile, urls, service, keys)),
    gatewaySpec(profile, urls),
  ];
}

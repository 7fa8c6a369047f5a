import { health, identity } from '@travel/contracts';
import { createServiceClient, type ServiceClient } from '@travel/grpc';
import type { GatewayConfig } from '../config';

export const SERVICE_NAMES = ['identity', 'search', 'pricing', 'booking', 'billing', 'webhook'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

function addressOf(config: GatewayConfig, name: ServiceName): string {
  const addresses: Record<ServiceName, string> = {
    identity: config.IDENTITY_ADDRESS,
    search: config.SEARCH_ADDRESS,
    pricing: config.PRICING_ADDRESS,
    booking: config.BOOKING_ADDRESS,
    billing: config.BILLING_ADDRESS,
    webhook: config.WEBHOOK_ADDRESS,
  };
  return addresses[name];
}

export interface ServiceClients {
  health: Record<ServiceName, ServiceClient<typeof health.HealthDefinition>>;
  identity: ServiceClient<typeof identity.IdentityServiceDefinition>;
}

/** The gateway's gRPC clients, one channel per service, built once at start. */
export function createServiceClients(config: GatewayConfig): ServiceClients {
  const healthClients = Object.fromEntries(
    SERVICE_NAMES.map((name) => [
      name,
      createServiceClient(health.HealthDefinition, addressOf(config, name), {
        deadlineMs: config.HEALTH_DEADLINE_MS,
      }),
    ]),
  ) as ServiceClients['health'];
  return {
    health: healthClients,
    identity: createServiceClient(identity.IdentityServiceDefinition, config.IDENTITY_ADDRESS, {
      deadlineMs: config.GRPC_DEADLINE_MS,
    }),
  };
}

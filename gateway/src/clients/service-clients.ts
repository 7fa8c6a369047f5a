import {
  adminBooking,
  apiAccess,
  audit,
  billing,
  booking,
  content,
  corporate,
  customers,
  engagement,
  eventFeed,
  health,
  keySpending,
  parkedEvents,
  paymentGateways,
  platformSettings,
  pricing,
  promotions,
  reports,
  search,
  staff,
  storefrontBooking,
  supply,
  tenants,
  wallet,
  webhook,
} from '@travel/contracts';
import { createPeerClient, keepaliveOf, type PeerTls, peerTlsOf, type ServiceClient } from '@travel/grpc';
import type { GatewayConfig } from '../config';

export const SERVICE_NAMES = [
  'identity',
  'search',
  'pricing',
  'booking',
  'billing',
  'webhook',
  'promotions',
  'corporate',
  'content',
  'supply',
  'reports',
  'engagement',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** The services that consume events and so serve `ParkedEventsService` (the middle part of a parked id). */
export const PARKED_EVENT_OWNERS = ['identity', 'billing', 'webhook', 'promotions', 'reports'] as const;
export type ParkedEventOwner = (typeof PARKED_EVENT_OWNERS)[number];

function addressOf(config: GatewayConfig, name: ServiceName): string {
  const addresses: Record<ServiceName, string> = {
    identity: config.IDENTITY_ADDRESS,
    search: config.SEARCH_ADDRESS,
    pricing: config.PRICING_ADDRESS,
    booking: config.BOOKING_ADDRESS,
    billing: config.BILLING_ADDRESS,
    webhook: config.WEBHOOK_ADDRESS,
    content: config.CONTENT_ADDRESS,
    supply: config.SUPPLY_ADDRESS,
    promotions: config.PROMOTIONS_ADDRESS,
    reports: config.REPORTS_ADDRESS,
    engagement: config.ENGAGEMENT_ADDRESS,
    corporate: config.CORPORATE_ADDRESS,
  };
  return addresses[name];
}

export interface ServiceClients {
  health: Record<ServiceName, ServiceClient<typeof health.HealthDefinition>>;
  apiAccess: ServiceClient<typeof apiAccess.ApiAccessServiceDefinition>;
  tenants: ServiceClient<typeof tenants.TenantServiceDefinition>;
  staff: ServiceClient<typeof staff.StaffServiceDefinition>;
  customers: ServiceClient<typeof customers.CustomerServiceDefinition>;
  platformSettings: ServiceClient<typeof platformSettings.PlatformSettingsServiceDefinition>;
  audit: ServiceClient<typeof audit.AuditServiceDefinition>;
  search: ServiceClient<typeof search.SearchServiceDefinition>;
  pricing: ServiceClient<typeof pricing.PricingServiceDefinition>;
  booking: ServiceClient<typeof booking.BookingServiceDefinition>;
  keySpending: ServiceClient<typeof keySpending.KeySpendingServiceDefinition>;
  adminBooking: ServiceClient<typeof adminBooking.AdminBookingServiceDefinition>;
  billing: ServiceClient<typeof billing.BillingServiceDefinition>;
  storefrontBooking: ServiceClient<typeof storefrontBooking.StorefrontBookingServiceDefinition>;
  wallet: ServiceClient<typeof wallet.WalletServiceDefinition>;
  paymentGateways: ServiceClient<typeof paymentGateways.PaymentGatewayServiceDefinition>;
  webhook: ServiceClient<typeof webhook.WebhookServiceDefinition>;
  eventFeed: ServiceClient<typeof eventFeed.EventFeedServiceDefinition>;
  content: ServiceClient<typeof content.ContentServiceDefinition>;
  supply: ServiceClient<typeof supply.SupplyServiceDefinition>;
  promotions: ServiceClient<typeof promotions.PromotionsServiceDefinition>;
  reports: ServiceClient<typeof reports.ReportsServiceDefinition>;
  engagement: ServiceClient<typeof engagement.EngagementServiceDefinition>;
  corporate: ServiceClient<typeof corporate.CorporateServiceDefinition>;
  parkedEvents: Record<ParkedEventOwner, ServiceClient<typeof parkedEvents.ParkedEventsServiceDefinition>>;
  /**
   * The public payment-provider webhook route's clients: they prove they are `payment-webhooks`, a peer of their
   * own that billing and booking allow to submit provider events and nothing else (docs/caller-trust.md).
   */
  providerEvents: {
    wallet: ServiceClient<typeof wallet.WalletServiceDefinition>;
    storefrontBooking: ServiceClient<typeof storefrontBooking.StorefrontBookingServiceDefinition>;
  };
}

/** The gateway's gRPC clients, one channel per service, built once at start. */
export function createServiceClients(config: GatewayConfig): ServiceClients {
  const keepalive = keepaliveOf(config);
  const tls = peerTlsOf(config);
  const healthClients = Object.fromEntries(
    SERVICE_NAMES.map((name) => [
      name,
      createPeerClient(health.HealthDefinition, addressOf(config, name), {
        caller: 'gateway',
        deadlineMs: config.HEALTH_DEADLINE_MS,
        keepalive,
        tls,
        server: name,
      }),
    ]),
  ) as ServiceClients['health'];
  const options = { caller: 'gateway', deadlineMs: config.GRPC_DEADLINE_MS, keepalive, tls };
  const parkedEventClients = Object.fromEntries(
    PARKED_EVENT_OWNERS.map((name) => [
      name,
      createPeerClient(parkedEvents.ParkedEventsServiceDefinition, addressOf(config, name), {
        ...options,
        server: name,
      }),
    ]),
  ) as ServiceClients['parkedEvents'];
  const providerEventsOptions = {
    ...options,
    caller: 'gateway.payment-webhooks',
    tls: { dir: config.PAYMENT_WEBHOOKS_TLS_DIR } satisfies PeerTls,
  };
  return {
    providerEvents: {
      wallet: createPeerClient(wallet.WalletServiceDefinition, config.BILLING_ADDRESS, providerEventsOptions),
      storefrontBooking: createPeerClient(
        storefrontBooking.StorefrontBookingServiceDefinition,
        config.BOOKING_ADDRESS,
        providerEventsOptions,
      ),
    },
    parkedEvents: parkedEventClients,
    health: healthClients,
    apiAccess: createPeerClient(apiAccess.ApiAccessServiceDefinition, config.IDENTITY_ADDRESS, options),
    tenants: createPeerClient(tenants.TenantServiceDefinition, config.IDENTITY_ADDRESS, options),
    staff: createPeerClient(staff.StaffServiceDefinition, config.IDENTITY_ADDRESS, options),
    customers: createPeerClient(customers.CustomerServiceDefinition, config.IDENTITY_ADDRESS, options),
    platformSettings: createPeerClient(
      platformSettings.PlatformSettingsServiceDefinition,
      config.IDENTITY_ADDRESS,
      options,
    ),
    audit: createPeerClient(audit.AuditServiceDefinition, config.IDENTITY_ADDRESS, options),
    search: createPeerClient(search.SearchServiceDefinition, config.SEARCH_ADDRESS, options),
    pricing: createPeerClient(pricing.PricingServiceDefinition, config.PRICING_ADDRESS, options),
    booking: createPeerClient(booking.BookingServiceDefinition, config.BOOKING_ADDRESS, options),
    keySpending: createPeerClient(keySpending.KeySpendingServiceDefinition, config.BOOKING_ADDRESS, options),
    adminBooking: createPeerClient(
      adminBooking.AdminBookingServiceDefinition,
      config.BOOKING_ADDRESS,
      options,
    ),
    billing: createPeerClient(billing.BillingServiceDefinition, config.BILLING_ADDRESS, options),
    storefrontBooking: createPeerClient(
      storefrontBooking.StorefrontBookingServiceDefinition,
      config.BOOKING_ADDRESS,
      options,
    ),
    wallet: createPeerClient(wallet.WalletServiceDefinition, config.BILLING_ADDRESS, options),
    paymentGateways: createPeerClient(
      paymentGateways.PaymentGatewayServiceDefinition,
      config.BILLING_ADDRESS,
      options,
    ),
    webhook: createPeerClient(webhook.WebhookServiceDefinition, config.WEBHOOK_ADDRESS, options),
    eventFeed: createPeerClient(eventFeed.EventFeedServiceDefinition, config.WEBHOOK_ADDRESS, options),
    content: createPeerClient(content.ContentServiceDefinition, config.CONTENT_ADDRESS, options),
    supply: createPeerClient(supply.SupplyServiceDefinition, config.SUPPLY_ADDRESS, options),
    corporate: createPeerClient(corporate.CorporateServiceDefinition, config.CORPORATE_ADDRESS, options),
    promotions: createPeerClient(promotions.PromotionsServiceDefinition, config.PROMOTIONS_ADDRESS, options),
    reports: createPeerClient(reports.ReportsServiceDefinition, config.REPORTS_ADDRESS, options),
    engagement: createPeerClient(engagement.EngagementServiceDefinition, config.ENGAGEMENT_ADDRESS, options),
  };
}

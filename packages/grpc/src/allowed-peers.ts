import {
  adminBooking,
  apiAccess,
  audit,
  billing,
  booking,
  bookingHistory,
  content,
  corporate,
  customers,
  engagement,
  eventFeed,
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

/** The twelve services, each a process with a certificate of its own (`<service>.peers.partner-travel`). */
export const SERVICE_PEERS = [
  'identity',
  'search',
  'pricing',
  'booking',
  'billing',
  'webhook',
  'promotions',
  'corporate',
  'content',
  'reports',
  'engagement',
  'supply',
] as const;
export type ServicePeer = (typeof SERVICE_PEERS)[number];

/**
 * Every peer name a certificate of the platform may carry: the services, the gateway, and the gateway's public
 * payment-provider webhook route, which calls as a peer of its own so that it can submit provider events and
 * nothing else (docs/caller-trust.md). A service's one-off commands (reports' rebuild) run as their service.
 */
export const PEER_NAMES = [...SERVICE_PEERS, 'gateway', 'payment-webhooks'] as const;
export type PeerName = (typeof PEER_NAMES)[number];

/**
 * Which peers may call what of one service: a gRPC service's full name (`travel.identity.v1.StaffService`: all
 * its methods) or one method's path (`/travel.billing.v1.WalletService/PayBooking`) → the peers allowed.
 * Whatever a service serves and its table does not name is refused to every peer (fail closed).
 */
export type AllowedPeers = Readonly<Record<string, readonly PeerName[]>>;

interface Definition {
  fullName: string;
  methods: Record<string, { name: string }>;
}

/** The path of one method of a generated definition, checked against its methods: `/pkg.Service/Method`. */
function method<D extends Definition>(definition: D, name: keyof D['methods'] & string): string {
  return `/${definition.fullName}/${definition.methods[name]?.name}`;
}

/** Calls the health probes and tools make of every service: any peer that proves it is one of ours. */
export const OPEN_TO_EVERY_PEER = [
  'grpc.health.v1.Health',
  'grpc.reflection.v1.ServerReflection',
  'grpc.reflection.v1alpha.ServerReflection',
] as const;

const GATEWAY: readonly PeerName[] = ['gateway'];

/**
 * The one table of who calls whom between processes (docs/caller-trust.md, "Who may call what"): the gateway
 * calls what its routes need; a service calls only the methods its clients use (`<service>.client.ts`).
 */
export const ALLOWED_PEERS: Record<ServicePeer, AllowedPeers> = {
  identity: {
    // The admin and access services: the gateway alone.
    [apiAccess.ApiAccessServiceDefinition.fullName]: GATEWAY,
    [tenants.TenantServiceDefinition.fullName]: GATEWAY,
    [staff.StaffServiceDefinition.fullName]: GATEWAY,
    [customers.CustomerServiceDefinition.fullName]: GATEWAY,
    [platformSettings.PlatformSettingsServiceDefinition.fullName]: GATEWAY,
    [audit.AuditServiceDefinition.fullName]: GATEWAY,
    [parkedEvents.ParkedEventsServiceDefinition.fullName]: GATEWAY,
    // Corporate checks tenants (its audit entries come through `audit.entries`); engagement mails a tenant's staff;
    // webhook checks a client's tenant before the tenant's staff manage its endpoints (the partner console).
    [method(tenants.TenantServiceDefinition, 'getTenant')]: ['gateway', 'corporate'],
    [method(staff.StaffServiceDefinition, 'listTenantStaffEmails')]: ['engagement'],
    [method(apiAccess.ApiAccessServiceDefinition, 'getClientTenant')]: ['webhook'],
  },
  search: {
    [search.SearchServiceDefinition.fullName]: GATEWAY,
  },
  pricing: {
    [pricing.PricingServiceDefinition.fullName]: GATEWAY,
    [method(pricing.PricingServiceDefinition, 'priceOffers')]: ['booking'],
    // Search keeps the rates in force in memory and prices its offers itself (its read model).
    [method(pricing.PricingServiceDefinition, 'currentRates')]: ['search'],
    [method(pricing.PricingServiceDefinition, 'quote')]: ['gateway', 'supply'],
  },
  booking: {
    [booking.BookingServiceDefinition.fullName]: GATEWAY,
    [keySpending.KeySpendingServiceDefinition.fullName]: GATEWAY,
    [adminBooking.AdminBookingServiceDefinition.fullName]: GATEWAY,
    [storefrontBooking.StorefrontBookingServiceDefinition.fullName]: GATEWAY,
    // Reports rebuilds its sales from the history (its rebuild command runs as reports).
    [method(bookingHistory.BookingHistoryServiceDefinition, 'listBookingHistory')]: ['reports'],
    // After a provider's event, the webhook route drives the booking it paid for (billing holds the truth).
    [method(storefrontBooking.StorefrontBookingServiceDefinition, 'settleStorefrontBooking')]: [
      'payment-webhooks',
    ],
  },
  billing: {
    [billing.BillingServiceDefinition.fullName]: GATEWAY,
    [wallet.WalletServiceDefinition.fullName]: GATEWAY,
    [paymentGateways.PaymentGatewayServiceDefinition.fullName]: GATEWAY,
    [parkedEvents.ParkedEventsServiceDefinition.fullName]: GATEWAY,
    // Booking pays and refunds storefront bookings and reads a wallet's balance.
    [method(wallet.WalletServiceDefinition, 'payBooking')]: ['booking'],
    [method(wallet.WalletServiceDefinition, 'refundBooking')]: ['booking'],
    [method(wallet.WalletServiceDefinition, 'getWallet')]: ['gateway', 'booking'],
    // The public provider webhook: its own peer, and only this method.
    [method(wallet.WalletServiceDefinition, 'receivePaymentWebhook')]: ['payment-webhooks'],
  },
  webhook: {
    [webhook.WebhookServiceDefinition.fullName]: GATEWAY,
    [eventFeed.EventFeedServiceDefinition.fullName]: GATEWAY,
    [parkedEvents.ParkedEventsServiceDefinition.fullName]: GATEWAY,
  },
  promotions: {
    [promotions.PromotionsServiceDefinition.fullName]: GATEWAY,
    [parkedEvents.ParkedEventsServiceDefinition.fullName]: GATEWAY,
    // A storefront booking's automatic discount and its voucher's redemption.
    [method(promotions.PromotionsServiceDefinition, 'bestDiscount')]: ['booking'],
    [method(promotions.PromotionsServiceDefinition, 'redeemVoucher')]: ['booking'],
    [method(promotions.PromotionsServiceDefinition, 'confirmRedemption')]: ['booking'],
    [method(promotions.PromotionsServiceDefinition, 'releaseRedemption')]: ['booking'],
  },
  corporate: {
    [corporate.CorporateServiceDefinition.fullName]: GATEWAY,
  },
  content: {
    [content.ContentServiceDefinition.fullName]: GATEWAY,
  },
  reports: {
    [reports.ReportsServiceDefinition.fullName]: GATEWAY,
    [parkedEvents.ParkedEventsServiceDefinition.fullName]: GATEWAY,
  },
  engagement: {
    [engagement.EngagementServiceDefinition.fullName]: GATEWAY,
    // A disabled endpoint is told to its tenant's staff.
    [method(engagement.EngagementServiceDefinition, 'notifyTenantStaff')]: ['webhook'],
  },
  supply: {
    [supply.SupplyServiceDefinition.fullName]: GATEWAY,
    [method(supply.SupplyServiceDefinition, 'getSupplier')]: ['gateway', 'corporate'],
  },
};

/**
 * Whether `peer` may call the method at `path` (`/pkg.Service/Method`): named for the method itself, else for its
 * gRPC service, else the service is one every proven peer may ask. A method's own entry replaces its service's.
 */
export function peerMayCall(allowed: AllowedPeers, path: string, peer: string): boolean {
  const service = path.split('/')[1] ?? '';
  if ((OPEN_TO_EVERY_PEER as readonly string[]).includes(service)) return true;
  const peers = allowed[path] ?? allowed[service] ?? [];
  return (peers as readonly string[]).includes(peer);
}

/**
 * The service that serves a definition, from its proto package (`travel.pricing.v1.PricingService` → `pricing`:
 * `proto/travel/<service>/v1/`); undefined for one several serve (health, parked events).
 */
export function serverOfDefinition(definition: { fullName?: string } | object): ServicePeer | undefined {
  const fullName = (definition as { fullName?: unknown }).fullName;
  const owner = typeof fullName === 'string' ? fullName.split('.')[1] : undefined;
  return (SERVICE_PEERS as readonly string[]).includes(owner ?? '') ? (owner as ServicePeer) : undefined;
}

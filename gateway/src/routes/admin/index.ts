import type { RateLimits } from '../../access/rate-limits';
import type { ServiceClients } from '../../clients/service-clients';
import type { RouteDefinition } from '../../http/route-table';
import { adminBookingRoutes } from './admin-bookings.routes';
import { apiAccessRoutes } from './api-access.routes';
import { apiConsoleRoutes } from './api-console.routes';
import { auditRoutes } from './audit.routes';
import { authRoutes } from './auth.routes';
import { invoiceRoutes } from './invoices.routes';
import { parkedEventRoutes } from './parked-events.routes';
import { paymentGatewayRoutes } from './payment-gateways.routes';
import { pricingAdminRoutes } from './pricing.routes';
import { roleRoutes } from './roles.routes';
import { settingsRoutes } from './settings.routes';
import { spendingLimitRoutes } from './spending-limits.routes';
import { tenantRoutes } from './tenants.routes';
import { userRoutes } from './users.routes';
import { walletAdminRoutes } from './wallets.routes';

/** Every administration route (`/api/admin`), each with its staff access rule. */
export function adminRoutes(deps: {
  clients: ServiceClients;
  rateLimits: RateLimits;
  signInAttemptsPerMinute: number;
  now: () => Date;
}): RouteDefinition[] {
  return [
    ...authRoutes(deps),
    ...auditRoutes(deps),
    ...parkedEventRoutes(deps),
    ...apiAccessRoutes(deps),
    ...apiConsoleRoutes(deps),
    ...spendingLimitRoutes(deps),
    ...tenantRoutes(deps),
    ...userRoutes(deps),
    ...roleRoutes(deps),
    ...pricingAdminRoutes(deps),
    ...invoiceRoutes(deps),
    ...adminBookingRoutes(deps),
    ...paymentGatewayRoutes(deps),
    ...walletAdminRoutes(deps),
    ...settingsRoutes(deps),
  ];
}

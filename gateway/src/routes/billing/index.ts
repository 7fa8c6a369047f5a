import type { ServiceClients } from '../../clients/service-clients';
import type { RouteDefinition } from '../../http/route-table';
import { invoiceRoutes } from './invoices.routes';
import { paymentGatewayRoutes } from './payment-gateways.routes';
import { walletAdminRoutes } from './wallets.routes';

/** Billing (staff): invoices, payment gateways and customers' wallet top-ups. */
export function billingRoutes(deps: { clients: ServiceClients }): RouteDefinition[] {
  return [...invoiceRoutes(deps), ...paymentGatewayRoutes(deps), ...walletAdminRoutes(deps)];
}

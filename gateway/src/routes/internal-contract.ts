import { mergeContracts } from '../openapi/contract';
import { apiAccessContract } from './api-access/api-access.contract';
import { apiConsoleContract } from './api-access/api-console.contract';
import { apiConsoleEventsContract } from './api-access/api-console-events.contract';
import { apiConsoleWebhooksContract } from './api-access/api-console-webhooks.contract';
import { requestLogsContract } from './api-access/request-logs.contract';
import { spendingLimitsContract } from './api-access/spending-limits.contract';
import { invoicesContract } from './billing/invoices.contract';
import { paymentGatewaysContract } from './billing/payment-gateways.contract';
import { walletsContract } from './billing/wallets.contract';
import { adminBookingsContract } from './bookings/admin-bookings.contract';
import { internalComponents, internalResponses } from './common/internal-components';
import { blogsContract } from './content/blogs.contract';
import { heroSlidesContract } from './content/hero-slides.contract';
import { themesContract } from './content/themes.contract';
import { corporateContract } from './corporate/corporate.contract';
import { docsContract } from './docs.contract';
import { leadsContract } from './engagement/leads.contract';
import { newslettersContract } from './engagement/newsletters.contract';
import { engagementPublicContract } from './engagement/public.contract';
import { healthContract } from './health.contract';
import { jwksContract } from './jwks.contract';
import { auditContract } from './platform/audit.contract';
import { parkedEventsContract } from './platform/parked-events.contract';
import { settingsContract } from './platform/settings.contract';
import { pricingContract } from './pricing/pricing.contract';
import { promotionsContract } from './promotions/promotions.contract';
import { reportsContract } from './reports/reports.contract';
import { authContract } from './staff/auth.contract';
import { rolesContract } from './staff/roles.contract';
import { tenantsContract } from './staff/tenants.contract';
import { usersContract } from './staff/users.contract';
import { storefrontBookingsContract } from './storefront/bookings.contract';
import { customerAuthContract } from './storefront/customer-auth.contract';
import { paymentWebhooksContract } from './storefront/payment-webhooks.contract';
import { profileContract } from './storefront/profile.contract';
import { storefrontSearchContract } from './storefront/search.contract';
import { walletContract } from './storefront/wallet.contract';
import { insurancePoliciesContract } from './supply/insurance-policies.contract';
import { suppliersContract } from './supply/suppliers.contract';
import { vendorsContract } from './supply/vendors.contract';

/**
 * The internal API's contract (internal.yaml is generated from it and internal.texts.yaml): beside each
 * `<name>.routes.ts`, a `<name>.contract.ts` declares its operations' schemas, its named schemas and the
 * bodies of its named responses; the routes validate with those schemas.
 */
export const internalContract = mergeContracts(
  [
    { operations: {}, components: internalComponents, responses: internalResponses },
    tenantsContract,
    rolesContract,
    usersContract,
    authContract,
    auditContract,
    parkedEventsContract,
    apiAccessContract,
    apiConsoleContract,
    apiConsoleEventsContract,
    apiConsoleWebhooksContract,
    spendingLimitsContract,
    requestLogsContract,
    settingsContract,
    healthContract,
    jwksContract,
    docsContract,
    invoicesContract,
    pricingContract,
    reportsContract,
    walletsContract,
    paymentGatewaysContract,
    adminBookingsContract,
    customerAuthContract,
    profileContract,
    storefrontSearchContract,
    storefrontBookingsContract,
    walletContract,
    corporateContract,
    suppliersContract,
    vendorsContract,
    insurancePoliciesContract,
    promotionsContract,
    blogsContract,
    heroSlidesContract,
    themesContract,
    newslettersContract,
    leadsContract,
    engagementPublicContract,
    paymentWebhooksContract,
  ],
  { errorEnvelope: 'ErrorEnvelope' },
);

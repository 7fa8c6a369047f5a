import { mergeContracts } from '../openapi/contract';
import { adminBookingsContract } from './admin/admin-bookings.contract';
import { apiAccessContract } from './admin/api-access.contract';
import { apiConsoleContract } from './admin/api-console.contract';
import { auditContract } from './admin/audit.contract';
import { authContract } from './admin/auth.contract';
import { invoicesContract } from './admin/invoices.contract';
import { parkedEventsContract } from './admin/parked-events.contract';
import { paymentGatewaysContract } from './admin/payment-gateways.contract';
import { pricingContract } from './admin/pricing.contract';
import { rolesContract } from './admin/roles.contract';
import { settingsContract } from './admin/settings.contract';
import { spendingLimitsContract } from './admin/spending-limits.contract';
import { tenantsContract } from './admin/tenants.contract';
import { usersContract } from './admin/users.contract';
import { walletsContract } from './admin/wallets.contract';
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
import { promotionsContract } from './promotions/promotions.contract';
import { reportsContract } from './reports/reports.contract';
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
    spendingLimitsContract,
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

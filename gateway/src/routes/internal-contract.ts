import { mergeContracts } from '../openapi/contract';
import { adminBookingsContract } from './admin/admin-bookings.contract';
import { invoicesContract } from './admin/invoices.contract';
import { paymentGatewaysContract } from './admin/payment-gateways.contract';
import { pricingContract } from './admin/pricing.contract';
import { tenantsContract } from './admin/tenants.contract';
import { walletsContract } from './admin/wallets.contract';
import { docsContract } from './docs.contract';
import { healthContract } from './health.contract';
import { internalComponents, internalResponses } from './internal-components';
import { reportsContract } from './reports/reports.contract';

/**
 * The internal API's contract (internal.yaml is generated from it and internal.texts.yaml): beside each
 * `<name>.routes.ts`, a `<name>.contract.ts` declares its operations' schemas, its named schemas and the
 * bodies of its named responses; the routes validate with those schemas.
 *
 * While the document moves to zod, operations not declared here keep the schemas written in the texts.
 */
export const internalContract = mergeContracts(
  [
    { operations: {}, components: internalComponents, responses: internalResponses },
    tenantsContract,
    healthContract,
    docsContract,
    invoicesContract,
    pricingContract,
    reportsContract,
    walletsContract,
    paymentGatewaysContract,
    adminBookingsContract,
  ],
  {
    errorEnvelope: 'ErrorEnvelope',
    handWrittenAllowed: true,
  },
);

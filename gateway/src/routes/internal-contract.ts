import { mergeContracts } from '../openapi/contract';
import { tenantsContract } from './admin/tenants.contract';
import { corporateContract } from './corporate/corporate.contract';
import { internalComponents, internalResponses } from './internal-components';
import { storefrontBookingsContract } from './storefront/bookings.contract';
import { customerAuthContract } from './storefront/customer-auth.contract';
import { profileContract } from './storefront/profile.contract';
import { storefrontSearchContract } from './storefront/search.contract';
import { walletContract } from './storefront/wallet.contract';

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
    customerAuthContract,
    profileContract,
    storefrontSearchContract,
    storefrontBookingsContract,
    walletContract,
    corporateContract,
  ],
  {
    errorEnvelope: 'ErrorEnvelope',
    handWrittenAllowed: true,
  },
);

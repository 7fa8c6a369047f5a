import { mergeContracts } from '../openapi/contract';
import { tenantsContract } from './admin/tenants.contract';
import { internalComponents, internalResponses } from './internal-components';
import { promotionsContract } from './promotions/promotions.contract';
import { insurancePoliciesContract } from './supply/insurance-policies.contract';
import { suppliersContract } from './supply/suppliers.contract';
import { vendorsContract } from './supply/vendors.contract';

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
    suppliersContract,
    vendorsContract,
    insurancePoliciesContract,
    promotionsContract,
  ],
  {
    errorEnvelope: 'ErrorEnvelope',
    handWrittenAllowed: true,
  },
);

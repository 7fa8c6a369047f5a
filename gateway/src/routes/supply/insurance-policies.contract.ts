import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { nonBlank } from '../common/params';
import { dataOf, pageOf, pageQuery } from '../common/partner-contract/operations';
import { ownerQuery, ownerTenantId } from './vendors.contract';

// The insurance-product routes' schemas (insurance-policies.routes.ts validates with them); their words are
// in internal.texts.yaml.

export const InsurancePolicy = z.strictObject({
  id: z.string().regex(/^ins_[0-9]+$/),
  tenantId: z.string().nullable().meta({ description: "Null for the platform's own." }),
  insurer: z.string(),
  name: z.string(),
  coverage: z.number().int().min(1).meta({ description: 'The sum insured, whole rupees.' }),
  premiumBps: z.number().int().min(1).max(10_000),
  premium: z.number().int().min(0).meta({ description: 'coverage × premiumBps / 10000, rounded half up.' }),
  price: z
    .strictObject({
      baseAmount: z.number().int().meta({ description: "The premium with the owner's margin." }),
      tax: z.number().int().meta({ description: 'The `insurance` tax on `baseAmount`.' }),
      fee: z.number().int(),
      total: z.number().int().meta({ description: 'What a traveller pays.' }),
      currency: z.literal('INR'),
    })
    .meta({ description: 'The premium priced by the pricing service (service `insurance`).' }),
  description: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

const InsurancePolicyBody = dataOf(InsurancePolicy);
const InsurancePolicyList = pageOf(InsurancePolicy);

export const createInsurancePolicyBody = z.strictObject({
  tenantId: ownerTenantId.optional(),
  insurer: nonBlank(120),
  name: nonBlank(120),
  coverage: z.number().int().min(1).max(1_000_000_000),
  // Checked by the supply service, with this path.
  premiumBps: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .meta({ 'x-rule': 'with coverage, a premium of at least 1 paisa: coverage × premiumBps is at least 50' }),
  description: nonBlank(2000).optional(),
});
export const listInsurancePoliciesQuery = pageQuery.extend(ownerQuery.shape);

export const insurancePoliciesContract = {
  operations: defineOperations({
    listInsurancePolicies: {
      method: 'get',
      path: '/admin/insurance-policies',
      query: listInsurancePoliciesQuery,
      responses: { '200': InsurancePolicyList },
    },
    createInsurancePolicy: {
      method: 'post',
      path: '/admin/insurance-policies',
      body: createInsurancePolicyBody,
      bodyRequired: true,
      responses: { '201': InsurancePolicyBody },
    },
  }),
  components: { InsurancePolicy },
  responses: { InsurancePolicy: InsurancePolicyBody, InsurancePolicyList },
};

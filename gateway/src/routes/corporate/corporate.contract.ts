import { z } from 'zod';
import { emailAddress } from '../../http/email';
import { defineOperations, type OperationSchemas } from '../../openapi/contract';
import { DeletedBody } from '../common/internal-components';
import { isoDay, nonBlank } from '../common/params';
import { dataOf, pageOf, pageQuery } from '../common/partner-contract/operations';

// The corporate directory's schemas (`/api/admin/{cost-centers,approvers,policies,employees,contracts}`,
// corporate.routes.ts validates with the requests); their words are in internal.texts.yaml. What only the
// corporate service can judge (the tenant, the records named, the supplier) is `x-rule`.

const id = nonBlank(100);
const amount = z.number().int().min(0).max(100_000_000);
const email = emailAddress();
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const day = isoDay.meta({ format: 'date' });
const SERVICES = ['flight', 'hotel', 'car'] as const;
const CABINS = ['economy', 'premium_economy', 'business', 'first'] as const;
const STATUSES = ['active', 'inactive'] as const;
const CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

/** Platform staff name the tenant a record belongs to; tenant staff may leave it out (their own). */
const tenantId = id.optional().meta({
  description:
    'Platform staff: required, the tenant the record belongs to. Tenant staff: leave it out (or give their own).',
  'x-rule': 'an existing tenant; required when platform staff write',
});
const sameTenant = <S extends z.ZodType>(schema: S) =>
  schema.meta({ 'x-rule': 'a record of the same tenant' });
const cleared = <S extends z.ZodType>(schema: S, what = 'clears it') =>
  schema.meta({ description: `null ${what}.` });

const somethingToChange = (body: object) => Object.keys(body).length > 0;
const nothingToChange = { message: 'name at least one field to change' };
/** `.partial()` of an update body, refused when empty; the document says `minProperties: 1`. */
const someOf = <S extends z.ZodObject>(fields: S) =>
  fields
    .partial()
    .refine(somethingToChange, nothingToChange)
    .meta({ minProperties: 1, description: 'Only the fields given change; at least one.' });

const listedTenantId = id.optional().meta({
  description:
    "Platform staff: only this tenant's records (absent: every tenant's). Tenant staff: their own tenant only (another is `404`).",
});
const listQuery = (q: string) =>
  pageQuery
    .extend({ tenantId: listedTenantId, q: nonBlank(100).optional().meta({ description: q }) })
    .strict();

const code = z.string().trim().regex(CODE, 'must be 1-32 letters, digits, ".", "_" or "-"').meta({
  description: 'Unique in the tenant, case-insensitive.',
});
export const costCenterRequests = {
  list: listQuery('Case-insensitive text in the code or name.'),
  create: z.strictObject({
    tenantId,
    code,
    name: nonBlank(120),
    description: z.string().trim().max(500).optional(),
  }),
  update: someOf(z.strictObject({ code, name: nonBlank(120), description: cleared(optionalText(500)) })),
};

export const approverRequests = {
  list: listQuery('Case-insensitive text in the name or email.'),
  create: z.strictObject({ tenantId, name: nonBlank(120), email, approvalLimit: amount.min(1).optional() }),
  update: someOf(
    z.strictObject({
      name: nonBlank(120),
      email,
      approvalLimit: cleared(amount.min(1).nullable(), 'removes the limit'),
    }),
  ),
};

const maxAmount = amount.meta({ description: 'Whole rupees.' });
const approvalThreshold = amount.meta({
  description: 'Whole rupees; at most `maxAmount`. A trip above it needs the approver.',
});
const allowedCabins = z.array(z.enum(CABINS)).min(1).max(4);
const requestedLimits = {
  maxAmount,
  approvalThreshold: approvalThreshold.meta({ 'x-rule': 'not above maxAmount' }),
};
const flightRule = z.strictObject({ ...requestedLimits, allowedCabins });
const stayRule = z.strictObject(requestedLimits);

export const policyRequests = {
  list: listQuery('Case-insensitive text in the name.'),
  create: z.strictObject({
    tenantId,
    name: nonBlank(120),
    description: z.string().trim().max(500).optional(),
    flight: flightRule,
    hotel: stayRule,
    car: stayRule,
  }),
  update: someOf(
    z.strictObject({
      name: nonBlank(120),
      description: cleared(optionalText(500)),
      flight: flightRule,
      hotel: stayRule,
      car: stayRule,
    }),
  ),
};

const status = z.enum(STATUSES);
export const employeeRequests = {
  list: listQuery('Case-insensitive text in the name, email or employee code.').extend({
    costCenterId: id.optional().meta({ description: 'Only employees of this cost centre.' }),
    approverId: id.optional().meta({ description: 'Only employees with this approver.' }),
    policyId: id.optional().meta({ description: 'Only employees following this policy.' }),
    status: status.optional().meta({ description: 'Only employees in this status.' }),
  }),
  create: z.strictObject({
    tenantId,
    name: nonBlank(120),
    email,
    employeeCode: nonBlank(40).optional(),
    costCenterId: sameTenant(id),
    approverId: sameTenant(id),
    policyId: sameTenant(id).optional(),
    // The corporate service's default.
    status: status.optional().meta({ default: 'active' }),
  }),
  update: someOf(
    z.strictObject({
      name: nonBlank(120),
      email,
      employeeCode: cleared(optionalText(40)),
      costCenterId: sameTenant(id),
      approverId: sameTenant(id),
      policyId: cleared(sameTenant(id).nullable(), 'removes the policy'),
      status,
    }),
  ),
};

const discountBps = z
  .number()
  .int()
  .min(1)
  .max(10_000)
  .meta({ description: 'Discount in basis points (1/100 of a percent).' });
const contractFields = {
  supplierId: id.meta({ 'x-rule': 'an existing supplier' }),
  service: z.enum(SERVICES).meta({ 'x-rule': 'a service the supplier supplies' }),
  discountBps,
  validFrom: day,
  validUntil: day.meta({ 'x-rule': 'after validFrom' }),
};
const validUntilAfterValidFrom = { path: ['validUntil'], message: 'must be after validFrom' };
export const contractRequests = {
  list: pageQuery
    .extend({
      tenantId: listedTenantId,
      supplierId: id.optional().meta({ description: 'Only contracts with this supplier.' }),
      service: z.enum(SERVICES).optional().meta({ description: 'Only contracts for this service.' }),
      activeOn: day
        .optional()
        .meta({ description: 'Only contracts valid on this day (`validFrom` ≤ day ≤ `validUntil`).' }),
    })
    .strict(),
  create: z
    .strictObject({
      tenantId,
      ...contractFields,
      reference: nonBlank(80)
        .optional()
        .meta({ description: "The contract's own number, as the company files it." }),
    })
    .refine((c) => c.validFrom < c.validUntil, validUntilAfterValidFrom),
  update: someOf(z.strictObject({ ...contractFields, reference: cleared(optionalText(80)) })).refine(
    (c) => !c.validFrom || !c.validUntil || c.validFrom < c.validUntil,
    validUntilAfterValidFrom,
  ),
};

// The records, as the presenters (presenters.ts) show them.

const times = { createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() };
const employeeCount = z
  .number()
  .int()
  .min(0)
  .meta({ description: 'Employees naming this record; while above 0 it cannot be deleted.' });

export const CostCenter = z
  .strictObject({
    id: z.string(),
    tenantId: z.string(),
    code: z.string().regex(CODE).meta({ description: 'Unique in the tenant, case-insensitive.' }),
    name: z.string().min(1).max(120),
    description: z.string().nullable(),
    employeeCount,
    ...times,
  })
  .meta({ description: "A cost centre of a tenant's travel directory (`cc_<n>`)." });

export const Approver = z
  .strictObject({
    id: z.string(),
    tenantId: z.string(),
    name: z.string().min(1).max(120),
    email: z.string().meta({ format: 'email', description: 'Lower-case; unique in the tenant.' }),
    approvalLimit: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The largest trip (whole rupees) this approver may approve; null: no limit.' }),
    employeeCount,
    ...times,
  })
  .meta({ description: "A approver of a tenant's travel directory (`apr_<n>`)." });

const stayLimits = z.strictObject({ maxAmount, approvalThreshold });
export const Policy = z
  .strictObject({
    id: z.string(),
    tenantId: z.string(),
    name: z.string().min(1).max(120),
    description: z.string().nullable(),
    flight: stayLimits.extend({ allowedCabins }),
    hotel: stayLimits,
    car: stayLimits,
    employeeCount,
    ...times,
  })
  .meta({ description: "A travel policy of a tenant's travel directory (`pol_<n>`)." });

export const Employee = z
  .strictObject({
    id: z.string(),
    tenantId: z.string(),
    name: z.string().min(1).max(120),
    email: z.string().meta({ format: 'email', description: 'Lower-case; unique in the tenant.' }),
    employeeCode: z.string().nullable(),
    costCenterId: z.string(),
    approverId: z.string(),
    policyId: z.string().nullable(),
    status,
    ...times,
  })
  .meta({ description: "A employee of a tenant's travel directory (`emp_<n>`)." });

export const Contract = z
  .strictObject({
    id: z.string(),
    tenantId: z.string(),
    supplierId: z.string(),
    service: z.enum(SERVICES),
    discountBps,
    validFrom: z.string().meta({ format: 'date' }),
    validUntil: z
      .string()
      .meta({ format: 'date', description: 'The last day it applies; after `validFrom`.' }),
    reference: z.string().nullable(),
    ...times,
  })
  .meta({ description: "A contract of a tenant's travel directory (`ctr_<n>`)." });

// The operations: `GET`/`POST /admin/<kind>` and `PUT`/`DELETE /admin/<kind>/{id}` of each kind.

interface DirectoryKind {
  path: string;
  /** The description and an example of `{id}`. */
  id: [string, string];
  requests: { list: z.ZodObject; create: z.ZodType; update: z.ZodType };
  /** `{ data: record }` and a page of records: the named responses `<Kind>` and `<Kind>List`. */
  one: z.ZodType;
  page: z.ZodType;
}

function directoryOperations(
  [list, create, update, remove]: [string, string, string, string],
  kind: DirectoryKind,
): Record<string, OperationSchemas> {
  const [description, example] = kind.id;
  const params = z.object({ id: z.string().meta({ description, examples: [example] }) });
  const one = { path: `${kind.path}/{id}`, params };
  return {
    [list]: { method: 'get', path: kind.path, query: kind.requests.list, responses: { '200': kind.page } },
    [create]: {
      method: 'post',
      path: kind.path,
      body: kind.requests.create,
      bodyRequired: true,
      responses: { '201': kind.one },
    },
    [update]: {
      method: 'put',
      ...one,
      body: kind.requests.update,
      bodyRequired: true,
      responses: { '200': kind.one },
    },
    [remove]: { method: 'delete', ...one, responses: { '200': DeletedBody } },
  };
}

const responses = {
  CostCenter: dataOf(CostCenter),
  CostCenterList: pageOf(CostCenter),
  Approver: dataOf(Approver),
  ApproverList: pageOf(Approver),
  Policy: dataOf(Policy),
  PolicyList: pageOf(Policy),
  Employee: dataOf(Employee),
  EmployeeList: pageOf(Employee),
  Contract: dataOf(Contract),
  ContractList: pageOf(Contract),
};

export const corporateContract = {
  operations: defineOperations({
    ...directoryOperations(['listCostCenters', 'createCostCenter', 'updateCostCenter', 'deleteCostCenter'], {
      path: '/admin/cost-centers',
      id: ['`cc_<n>`.', 'cc_7'],
      requests: costCenterRequests,
      one: responses.CostCenter,
      page: responses.CostCenterList,
    }),
    ...directoryOperations(['listApprovers', 'createApprover', 'updateApprover', 'deleteApprover'], {
      path: '/admin/approvers',
      id: ['`apr_<n>`.', 'apr_4'],
      requests: approverRequests,
      one: responses.Approver,
      page: responses.ApproverList,
    }),
    ...directoryOperations(['listPolicies', 'createPolicy', 'updatePolicy', 'deletePolicy'], {
      path: '/admin/policies',
      id: ['`pol_<n>`.', 'pol_2'],
      requests: policyRequests,
      one: responses.Policy,
      page: responses.PolicyList,
    }),
    ...directoryOperations(['listEmployees', 'createEmployee', 'updateEmployee', 'deleteEmployee'], {
      path: '/admin/employees',
      id: ['`emp_<n>`.', 'emp_31'],
      requests: employeeRequests,
      one: responses.Employee,
      page: responses.EmployeeList,
    }),
    ...directoryOperations(['listContracts', 'createContract', 'updateContract', 'deleteContract'], {
      path: '/admin/contracts',
      id: ['`ctr_<n>`.', 'ctr_5'],
      requests: contractRequests,
      one: responses.Contract,
      page: responses.ContractList,
    }),
  }),
  components: {
    CostCenter,
    CostCenterCreate: costCenterRequests.create,
    CostCenterUpdate: costCenterRequests.update,
    Approver,
    ApproverCreate: approverRequests.create,
    ApproverUpdate: approverRequests.update,
    Policy,
    PolicyCreate: policyRequests.create,
    PolicyUpdate: policyRequests.update,
    Employee,
    EmployeeCreate: employeeRequests.create,
    EmployeeUpdate: employeeRequests.update,
    Contract,
    ContractCreate: contractRequests.create,
    ContractUpdate: contractRequests.update,
  },
  responses,
};

import { z } from 'zod';
import { emailAddress } from '../../http/email';
import { defineOperations } from '../../openapi/contract';
import { DeletedBody } from '../common/internal-components';
import { nonBlank } from '../common/params';
import { dataOf, pageOf, pageQuery } from '../common/partner-contract/operations';

// The supplier routes' schemas (suppliers.routes.ts validates with them); their words are in internal.texts.yaml.

// The supply service refuses a repeated service (`services`), which the document says as `uniqueItems`.
export const SuppliedServices = z
  .array(z.enum(['flight', 'hotel', 'car', 'insurance']))
  .max(4)
  .meta({ uniqueItems: true });

const SupplierStatus = z.enum(['active', 'inactive']);

export const Supplier = z.strictObject({
  id: z.string().regex(/^sup_[0-9]+$/),
  name: z.string(),
  services: SuppliedServices,
  contactEmail: z.string().meta({ format: 'email' }).nullable(),
  contactPhone: z.string().nullable(),
  status: SupplierStatus,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

const SupplierBody = dataOf(Supplier);
const SupplierList = pageOf(Supplier);
const supplierIdParams = z.object({ id: z.string().meta({ description: "The supplier's id (`sup_…`)." }) });

const fields = {
  name: nonBlank(120),
  services: SuppliedServices,
  contactEmail: emailAddress().nullable(),
  contactPhone: z
    .string()
    .regex(/^\+?[0-9][0-9 -]{5,19}$/, 'must be a phone number (digits, spaces, hyphens, an optional +)')
    .nullable(),
  status: SupplierStatus,
};

export const createSupplierBody = z.strictObject({
  ...fields,
  services: fields.services.default([]),
  contactEmail: fields.contactEmail.optional(),
  contactPhone: fields.contactPhone.optional(),
  // The supply service makes a new supplier active.
  status: fields.status.optional().meta({ default: 'active' }),
});
/** Only the fields given change; `null` removes a contact. */
export const updateSupplierBody = z.strictObject(fields).partial();
export const listSuppliersQuery = pageQuery.extend({ status: fields.status.optional() });

export const suppliersContract = {
  operations: defineOperations({
    listSuppliers: {
      method: 'get',
      path: '/admin/suppliers',
      query: listSuppliersQuery,
      responses: { '200': SupplierList },
    },
    createSupplier: {
      method: 'post',
      path: '/admin/suppliers',
      body: createSupplierBody,
      bodyRequired: true,
      responses: { '201': SupplierBody },
    },
    updateSupplier: {
      method: 'put',
      path: '/admin/suppliers/{id}',
      params: supplierIdParams,
      body: updateSupplierBody,
      bodyRequired: true,
      responses: { '200': SupplierBody },
    },
    deleteSupplier: {
      method: 'delete',
      path: '/admin/suppliers/{id}',
      params: supplierIdParams,
      responses: { '200': DeletedBody },
    },
  }),
  components: { SuppliedServices, Supplier },
  responses: { Supplier: SupplierBody, SupplierList },
};

import { z } from 'zod';
import { emailAddress } from '../../http/email';
import { defineOperations } from '../../openapi/contract';
import { DeletedBody } from '../common/internal-components';
import { nonBlank } from '../common/params';
import { dataOf, pageOf, pageQuery } from '../common/partner-contract/operations';

// The vendor routes' schemas (vendors.routes.ts validates with them); their words are in internal.texts.yaml.

export const VendorCategory = z.enum([
  'transport',
  'hotel',
  'activity',
  'visa',
  'insurance',
  'guide',
  'other',
]);

const nullFromPlatform = z.string().nullable().meta({ description: "Null for the platform's own." });

export const Vendor = z.strictObject({
  id: z.string().regex(/^ven_[0-9]+$/),
  tenantId: nullFromPlatform,
  name: z.string(),
  category: VendorCategory,
  contactName: z.string().nullable(),
  email: z.string().meta({ format: 'email' }).nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

const VendorBody = dataOf(Vendor);
const VendorList = pageOf(Vendor);
const vendorIdParams = z.object({ id: z.string().meta({ description: "The vendor's id (`ven_…`)." }) });

/** The owner a staff call names (also the insurance products'). */
export const ownerTenantId = z.string().min(1).max(100);
/** `?tenantId=`: whose records a call reads or changes. */
export const ownerQuery = z.object({
  tenantId: ownerTenantId.optional().meta({
    description:
      'Whose records: tenant staff may only name their own tenant (another is `404`); the platform names ' +
      'any existing tenant, or none for its own records.',
  }),
});

const fields = {
  name: nonBlank(120),
  category: VendorCategory,
  contactName: nonBlank(120),
  email: emailAddress(),
  phone: z
    .string()
    .regex(/^\+?[0-9][0-9 -]{5,19}$/, 'must be a phone number (digits, spaces, hyphens, an optional +)'),
  city: nonBlank(80),
};
export const createVendorBody = z.strictObject({
  tenantId: ownerTenantId.optional(),
  ...fields,
  contactName: fields.contactName.optional(),
  email: fields.email.optional(),
  phone: fields.phone.optional(),
  city: fields.city.optional(),
});
/** Only the fields given change; `null` removes an optional field. */
export const updateVendorBody = z
  .strictObject({
    ...fields,
    contactName: fields.contactName.nullable(),
    email: fields.email.nullable(),
    phone: fields.phone.nullable(),
    city: fields.city.nullable(),
  })
  .partial();
export const listVendorsQuery = pageQuery.extend(ownerQuery.shape);

export const vendorsContract = {
  operations: defineOperations({
    listVendors: {
      method: 'get',
      path: '/admin/vendors',
      query: listVendorsQuery,
      responses: { '200': VendorList },
    },
    createVendor: {
      method: 'post',
      path: '/admin/vendors',
      body: createVendorBody,
      bodyRequired: true,
      responses: { '201': VendorBody },
    },
    updateVendor: {
      method: 'put',
      path: '/admin/vendors/{id}',
      params: vendorIdParams,
      query: ownerQuery,
      body: updateVendorBody,
      bodyRequired: true,
      responses: { '200': VendorBody },
    },
    deleteVendor: {
      method: 'delete',
      path: '/admin/vendors/{id}',
      params: vendorIdParams,
      query: ownerQuery,
      responses: { '200': DeletedBody },
    },
  }),
  components: { VendorCategory, Vendor },
  responses: { Vendor: VendorBody, VendorList },
};

import type { supply } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import { tenantOfOwner } from '../domain/fields';
import type { PricedPolicy } from '../domain/insurance-policy';
import type {
  createCreateInsurancePolicy,
  createListInsurancePolicies,
} from '../domain/manage-insurance-policies';
import type {
  createCreateSupplier,
  createDeleteSupplier,
  createGetSupplier,
  createListSuppliers,
  createUpdateSupplier,
} from '../domain/manage-suppliers';
import type {
  createCreateVendor,
  createDeleteVendor,
  createListVendors,
  createUpdateVendor,
} from '../domain/manage-vendors';
import type { Supplier } from '../domain/supplier';
import type { Vendor } from '../domain/vendor';
import { anyStaffOf, ownerScopeOf, supplierEditorOf } from './callers';

export interface SupplyUseCases {
  getSupplier: ReturnType<typeof createGetSupplier>;
  listSuppliers: ReturnType<typeof createListSuppliers>;
  createSupplier: ReturnType<typeof createCreateSupplier>;
  updateSupplier: ReturnType<typeof createUpdateSupplier>;
  deleteSupplier: ReturnType<typeof createDeleteSupplier>;
  listVendors: ReturnType<typeof createListVendors>;
  createVendor: ReturnType<typeof createCreateVendor>;
  updateVendor: ReturnType<typeof createUpdateVendor>;
  deleteVendor: ReturnType<typeof createDeleteVendor>;
  listInsurancePolicies: ReturnType<typeof createListInsurancePolicies>;
  createInsurancePolicy: ReturnType<typeof createCreateInsurancePolicy>;
}

/**
 * Thin handlers: resolve the caller once (fail closed) and the owner it reaches, call one use case, encode.
 * `GetSupplier` is the stable read other services make (a supplier's existence and status, no tenant's data).
 */
export function createSupplyGrpc(
  useCases: SupplyUseCases,
): ServiceImplementation<typeof supply.SupplyServiceDefinition, RequestContext> {
  return {
    getSupplier: async (request) => ({ supplier: encodeSupplier(await useCases.getSupplier(request.id)) }),
    listSuppliers: async (request) => {
      anyStaffOf(request.caller);
      const page = await useCases.listSuppliers(request);
      return { suppliers: page.suppliers.map(encodeSupplier), nextCursor: page.nextCursor };
    },
    createSupplier: async (request) => {
      supplierEditorOf(request.caller);
      return { supplier: encodeSupplier(await useCases.createSupplier(request)) };
    },
    updateSupplier: async (request) => {
      supplierEditorOf(request.caller);
      return { supplier: encodeSupplier(await useCases.updateSupplier(request)) };
    },
    deleteSupplier: async (request) => {
      supplierEditorOf(request.caller);
      await useCases.deleteSupplier(request);
      return {};
    },
    listVendors: async (request) => {
      const owner = ownerScopeOf(request.caller, request.tenantId, request.allOwners);
      const page = await useCases.listVendors({
        ...request,
        tenantId: owner.tenantId,
        allOwners: owner.everyOwner,
      });
      return { vendors: page.vendors.map(encodeVendor), nextCursor: page.nextCursor };
    },
    createVendor: async (request) => {
      const { tenantId } = ownerScopeOf(request.caller, request.tenantId, false);
      return { vendor: encodeVendor(await useCases.createVendor({ ...request, tenantId })) };
    },
    updateVendor: async (request) => {
      const owner = ownerScopeOf(request.caller, request.tenantId, request.anyOwner);
      const scoped = { ...request, tenantId: owner.tenantId, anyOwner: owner.everyOwner };
      return { vendor: encodeVendor(await useCases.updateVendor(scoped)) };
    },
    deleteVendor: async (request) => {
      const owner = ownerScopeOf(request.caller, request.tenantId, request.anyOwner);
      await useCases.deleteVendor({ ...request, tenantId: owner.tenantId, anyOwner: owner.everyOwner });
      return {};
    },
    listInsurancePolicies: async (request, context) => {
      const owner = ownerScopeOf(request.caller, request.tenantId, request.allOwners);
      const page = await useCases.listInsurancePolicies(
        {
          ...request,
          tenantId: owner.tenantId,
          allOwners: owner.everyOwner,
        },
        context.requestId,
      );
      return { policies: page.policies.map(encodePolicy), nextCursor: page.nextCursor };
    },
    createInsurancePolicy: async (request, context) => {
      const owner = ownerScopeOf(request.caller, request.tenantId, false);
      const scoped = { ...request, tenantId: owner.tenantId };
      return {
        policy: encodePolicy(await useCases.createInsurancePolicy(scoped, owner.userId, context.requestId)),
      };
    },
  };
}

function encodeSupplier(supplier: Supplier): supply.Supplier {
  const { id, name, services, contactEmail, contactPhone, status, createdAt, updatedAt } = supplier;
  return { id, name, services, contactEmail, contactPhone, status, createdAt, updatedAt };
}

function encodeVendor(vendor: Vendor): supply.Vendor {
  const { id, owner, name, category, contactName, email, phone, city, createdAt, updatedAt } = vendor;
  return {
    id,
    tenantId: tenantOfOwner(owner),
    name,
    category,
    contactName,
    email,
    phone,
    city,
    createdAt,
    updatedAt,
  };
}

function encodePolicy({ policy, premium, price }: PricedPolicy): supply.InsurancePolicy {
  return {
    id: policy.id,
    tenantId: tenantOfOwner(policy.owner),
    insurer: policy.insurer,
    name: policy.name,
    coverage: policy.coverage,
    premiumBps: policy.premiumBps,
    premium,
    price,
    description: policy.description,
    createdAt: policy.createdAt,
  };
}

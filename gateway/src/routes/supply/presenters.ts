import type { supply } from '@travel/contracts';
import { iso } from '../common/iso';
import { presentPrice } from '../common/offer-presenters';

// Proto messages → the internal API's JSON shapes (internal.yaml). Absent optionals become null.

export function presentSupplier(supplier: supply.Supplier | undefined) {
  if (!supplier) throw new Error('supply answered no supplier');
  return {
    id: supplier.id,
    name: supplier.name,
    services: supplier.services,
    contactEmail: supplier.contactEmail ?? null,
    contactPhone: supplier.contactPhone ?? null,
    status: supplier.status,
    createdAt: iso(supplier.createdAt),
    updatedAt: iso(supplier.updatedAt),
  };
}

export function presentVendor(vendor: supply.Vendor | undefined) {
  if (!vendor) throw new Error('supply answered no vendor');
  return {
    id: vendor.id,
    tenantId: vendor.tenantId ?? null,
    name: vendor.name,
    category: vendor.category,
    contactName: vendor.contactName ?? null,
    email: vendor.email ?? null,
    phone: vendor.phone ?? null,
    city: vendor.city ?? null,
    createdAt: iso(vendor.createdAt),
    updatedAt: iso(vendor.updatedAt),
  };
}

export function presentPolicy(policy: supply.InsurancePolicy | undefined) {
  if (!policy) throw new Error('supply answered no policy');
  return {
    id: policy.id,
    tenantId: policy.tenantId ?? null,
    insurer: policy.insurer,
    name: policy.name,
    coverage: policy.coverage,
    premiumBps: policy.premiumBps,
    premium: policy.premium,
    price: presentPrice(policy.price),
    description: policy.description ?? null,
    createdAt: iso(policy.createdAt),
  };
}

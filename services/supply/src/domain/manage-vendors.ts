import { auditActorOf, auditEntry, requestedChanges } from '@travel/audit';
import type { supply } from '@travel/contracts';
import { type Counters, isDuplicateKeyError } from '@travel/mongo';
import type { VendorChanges, VendorRepository } from '../db/vendor.repository';
import { nameKeyOf, nameTaken, ownerOf } from './fields';
import { readPage } from './page';
import { checkVendorFields, type Vendor, vendorIdOf, vendorNotFound } from './vendor';

export interface VendorDeps {
  vendors: VendorRepository;
  counters: Counters;
  now: () => Date;
}

/** The owner a call is scoped to: its tenant (or the platform's own), or none when it may act on any owner. */
const scopeOf = (request: { tenantId?: string; anyOwner: boolean }) =>
  request.anyOwner ? undefined : ownerOf(request.tenantId);

/**
 * A vendor of a tenant (or of the platform); its name is unique within its owner. Each change is stored with its
 * audit entry (`vendor.created|updated|deleted`).
 */
export function createCreateVendor(deps: VendorDeps) {
  return async (request: supply.CreateVendorRequest): Promise<Vendor> => {
    checkVendorFields({ ...request, name: request.name ?? '', category: request.category ?? '' });
    const n = await deps.counters.next('vendor');
    const at = deps.now();
    const vendor: Vendor = {
      id: vendorIdOf(n),
      n,
      owner: ownerOf(request.tenantId),
      name: request.name.trim(),
      category: request.category,
      contactName: request.contactName,
      email: request.email,
      phone: request.phone,
      city: request.city,
      createdAt: at,
      updatedAt: at,
    };
    const details = { tenantId: request.tenantId ?? null, name: vendor.name };
    const entry = auditEntry(auditActorOf(request.caller), vendorChange('created', vendor.id, details), at);
    await deps.vendors.insert(vendor, nameKeyOf(vendor.name), entry).catch((error: unknown) => {
      throw isDuplicateKeyError(error) ? nameTaken('vendor', vendor.name) : error;
    });
    return vendor;
  };
}

/** Another owner's vendor is `not_found`, like one that does not exist. */
export function createUpdateVendor(deps: VendorDeps) {
  return async (request: supply.UpdateVendorRequest): Promise<Vendor> => {
    checkVendorFields(request);
    const { name, category, contactName, email, phone, city } = request;
    const changes: VendorChanges = { updatedAt: deps.now() };
    if (name !== undefined) Object.assign(changes, { name: name.trim(), nameKey: nameKeyOf(name) });
    Object.assign(
      changes,
      Object.fromEntries(
        Object.entries({ category, contactName, email, phone, city }).filter(
          ([, value]) => value !== undefined,
        ),
      ),
    );
    const { tenantId: _, anyOwner: __, ...asked } = request;
    const change = vendorChange('updated', request.id, requestedChanges(asked));
    const entry = auditEntry(auditActorOf(request.caller), change, changes.updatedAt ?? deps.now());
    const updated = await deps.vendors
      .update(request.id, scopeOf(request), changes, request.clear, entry)
      .catch((error: unknown) => {
        throw isDuplicateKeyError(error) ? nameTaken('vendor', name ?? '') : error;
      });
    if (!updated) throw vendorNotFound(request.id);
    return updated;
  };
}

export function createDeleteVendor(deps: VendorDeps) {
  return async (request: supply.DeleteVendorRequest): Promise<void> => {
    const entry = auditEntry(auditActorOf(request.caller), vendorChange('deleted', request.id), deps.now());
    if (!(await deps.vendors.delete(request.id, scopeOf(request), entry))) throw vendorNotFound(request.id);
  };
}

export function createListVendors(deps: VendorDeps) {
  return async (request: supply.ListVendorsRequest) => {
    const owner = request.allOwners ? undefined : ownerOf(request.tenantId);
    const page = await readPage(request, (before, count) => deps.vendors.list(owner, before, count));
    return { vendors: page.rows, nextCursor: page.nextCursor };
  };
}

const vendorChange = (verb: string, id: string, details: Record<string, unknown> = {}) => ({
  action: `vendor.${verb}`,
  target: { type: 'vendor', id },
  details,
});

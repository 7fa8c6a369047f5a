import { auditActorOf, auditEntry, requestedChanges } from '@travel/audit';
import type { supply } from '@travel/contracts';
import { type Counters, isDuplicateKeyError } from '@travel/mongo';
import type { SupplierChanges, SupplierRepository } from '../db/supplier.repository';
import { nameKeyOf, nameTaken } from './fields';
import { readPage } from './page';
import {
  checkSupplierFields,
  type Supplier,
  type SupplierStatus,
  supplierIdOf,
  supplierNotFound,
} from './supplier';

export interface SupplierDeps {
  suppliers: SupplierRepository;
  counters: Counters;
  now: () => Date;
}

/**
 * A supplier of the platform; its name is unique (any case), also under concurrent creation. Each change is
 * stored with its audit entry (`supplier.created|updated|deleted`), as the Caller of the request made it.
 */
export function createCreateSupplier(deps: SupplierDeps) {
  return async (request: supply.CreateSupplierRequest): Promise<Supplier> => {
    checkSupplierFields({ ...request, name: request.name ?? '' });
    const n = await deps.counters.next('supplier');
    const at = deps.now();
    const supplier: Supplier = {
      id: supplierIdOf(n),
      n,
      name: request.name.trim(),
      services: request.services,
      contactEmail: request.contactEmail,
      contactPhone: request.contactPhone,
      status: (request.status ?? 'active') as SupplierStatus,
      createdAt: at,
      updatedAt: at,
    };
    const entry = auditEntry(
      auditActorOf(request.caller),
      supplierChange('created', supplier.id, { name: supplier.name }),
      at,
    );
    await deps.suppliers.insert(supplier, nameKeyOf(supplier.name), entry).catch((error: unknown) => {
      throw isDuplicateKeyError(error) ? nameTaken('supplier', supplier.name) : error;
    });
    return supplier;
  };
}

export function createUpdateSupplier(deps: SupplierDeps) {
  return async (request: supply.UpdateSupplierRequest): Promise<Supplier> => {
    checkSupplierFields({ ...request, services: request.setServices ? request.services : undefined });
    const { name, contactEmail, contactPhone, status } = request;
    const changes: SupplierChanges = { updatedAt: deps.now() };
    if (name !== undefined) Object.assign(changes, { name: name.trim(), nameKey: nameKeyOf(name) });
    if (request.setServices) changes.services = request.services;
    if (contactEmail !== undefined) changes.contactEmail = contactEmail;
    if (contactPhone !== undefined) changes.contactPhone = contactPhone;
    if (status !== undefined) changes.status = status as SupplierStatus;
    const unset = [
      ...(request.clearContactEmail ? ['contactEmail'] : []),
      ...(request.clearContactPhone ? ['contactPhone'] : []),
    ];
    const change = supplierChange('updated', request.id, requestedChanges(request));
    const entry = auditEntry(auditActorOf(request.caller), change, changes.updatedAt ?? deps.now());
    const updated = await deps.suppliers.update(request.id, changes, unset, entry).catch((error: unknown) => {
      throw isDuplicateKeyError(error) ? nameTaken('supplier', name ?? '') : error;
    });
    if (!updated) throw supplierNotFound(request.id);
    return updated;
  };
}

/**
 * Removes the supplier. Bookings and contracts that named it keep its id (their own record of who supplied);
 * `GetSupplier` answers `not_found` from then on, so nothing new can name it. Mark it `inactive` to keep it.
 */
export function createDeleteSupplier(deps: SupplierDeps) {
  return async (request: supply.DeleteSupplierRequest): Promise<void> => {
    const entry = auditEntry(auditActorOf(request.caller), supplierChange('deleted', request.id), deps.now());
    if (!(await deps.suppliers.delete(request.id, entry))) throw supplierNotFound(request.id);
  };
}

export function createGetSupplier(deps: SupplierDeps) {
  return async (id: string): Promise<Supplier> => {
    const supplier = await deps.suppliers.findById(id);
    if (!supplier) throw supplierNotFound(id);
    return supplier;
  };
}

export function createListSuppliers(deps: SupplierDeps) {
  return async (request: supply.ListSuppliersRequest) => {
    checkSupplierFields({ status: request.status });
    const status = request.status as SupplierStatus | undefined;
    const page = await readPage(request, (before, count) => deps.suppliers.list(status, before, count));
    return { suppliers: page.rows, nextCursor: page.nextCursor };
  };
}

const supplierChange = (verb: string, id: string, details: Record<string, unknown> = {}) => ({
  action: `supplier.${verb}`,
  target: { type: 'supplier', id },
  details,
});

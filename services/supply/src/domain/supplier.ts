import { AppError } from '@travel/errors';
import { createProblems } from './fields';

export type SupplierStatus = 'active' | 'inactive';
export const SUPPLIER_STATUSES: readonly SupplierStatus[] = ['active', 'inactive'];
export const SUPPLIED_SERVICES = ['flight', 'hotel', 'car', 'insurance'] as const;

export interface Supplier {
  /** `sup_<n>`. */
  id: string;
  n: number;
  name: string;
  services: string[];
  contactEmail?: string;
  contactPhone?: string;
  status: SupplierStatus;
  createdAt: Date;
  updatedAt: Date;
}

export const supplierIdOf = (n: number) => `sup_${n}`;
export const supplierNotFound = (id: string) => new AppError('not_found', `No supplier ${id}.`);

/** Every problem with the given fields at once (absent: not given). */
export function checkSupplierFields(fields: {
  name?: string;
  services?: string[];
  contactEmail?: string;
  contactPhone?: string;
  status?: string;
}): void {
  const problems = createProblems();
  problems.text('name', fields.name, 120);
  fields.services?.forEach((service, i) => {
    problems.oneOf(`services.${i}`, service, SUPPLIED_SERVICES);
  });
  if (fields.services && new Set(fields.services).size !== fields.services.length)
    problems.add('services', 'must not repeat a service');
  problems.email('contactEmail', fields.contactEmail);
  problems.phone('contactPhone', fields.contactPhone);
  problems.oneOf('status', fields.status, SUPPLIER_STATUSES);
  problems.throwIfAny();
}

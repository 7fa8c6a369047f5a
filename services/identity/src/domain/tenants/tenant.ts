import type { FieldProblem } from '@travel/errors';
import { displayNameProblems } from '../display-name';

export const TENANT_STATUSES = ['active', 'suspended'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

/** An organisation whose bookings and invoices the platform keeps apart: `ten_<n>`. */
export interface Tenant {
  id: string;
  name: string;
  status: TenantStatus;
  contactEmail: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface TenantFields {
  name?: string | undefined;
  /** An empty string clears the contact email. */
  contactEmail?: string | undefined;
  status?: string | undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL_LENGTH = 254;

export function isTenantStatus(value: string): value is TenantStatus {
  return (TENANT_STATUSES as readonly string[]).includes(value);
}

/** Every problem with the given fields, each with its path (absent fields are not checked). */
export function tenantFieldProblems(fields: TenantFields): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (fields.name !== undefined) problems.push(...displayNameProblems(fields.name, 'name'));
  const email = fields.contactEmail?.trim();
  if (email && (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email))) {
    problems.push({ path: 'contactEmail', message: 'Must be an email address.' });
  }
  if (fields.status !== undefined && !isTenantStatus(fields.status)) {
    problems.push({ path: 'status', message: `Must be one of: ${TENANT_STATUSES.join(', ')}.` });
  }
  return problems;
}

/** The stored form of a contact email: trimmed, or null when empty. */
export function normaliseContactEmail(value: string | undefined): string | null {
  const email = value?.trim();
  return email ? email : null;
}

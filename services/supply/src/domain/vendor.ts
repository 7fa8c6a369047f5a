import { AppError } from '@travel/errors';
import { createProblems } from './fields';

export const VENDOR_CATEGORIES = [
  'transport',
  'hotel',
  'activity',
  'visa',
  'insurance',
  'guide',
  'other',
] as const;
/** The optional fields an update may remove. */
export const CLEARABLE_VENDOR_FIELDS = ['contactName', 'email', 'phone', 'city'] as const;

export interface Vendor {
  /** `ven_<n>`. */
  id: string;
  n: number;
  /** A tenant id, or `platform`. */
  owner: string;
  name: string;
  category: string;
  contactName?: string;
  email?: string;
  phone?: string;
  city?: string;
  createdAt: Date;
  updatedAt: Date;
}

export const vendorIdOf = (n: number) => `ven_${n}`;
export const vendorNotFound = (id: string) => new AppError('not_found', `No vendor ${id}.`);

export function checkVendorFields(fields: {
  name?: string;
  category?: string;
  contactName?: string;
  email?: string;
  phone?: string;
  city?: string;
  clear?: string[];
}): void {
  const problems = createProblems();
  problems.text('name', fields.name, 120);
  problems.oneOf('category', fields.category, VENDOR_CATEGORIES);
  problems.text('contactName', fields.contactName, 120);
  problems.email('email', fields.email);
  problems.phone('phone', fields.phone);
  problems.text('city', fields.city, 80);
  fields.clear?.forEach((field, i) => {
    problems.oneOf(`clear.${i}`, field, CLEARABLE_VENDOR_FIELDS);
    if (fields[field as keyof typeof fields] !== undefined)
      problems.add(`clear.${i}`, `cannot remove ${field} and set it at once`);
  });
  problems.throwIfAny();
}

import type { FieldProblem } from '@travel/errors';
import { passwordProblem } from '../passwords';
import { isRight, type Right } from './rights';
import type { StaffStatus } from './staff';

/** Emails are compared lower-cased and trimmed: `Admin@X.io` and `admin@x.io` are one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailProblems(email: string): FieldProblem[] {
  const ok = email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
  return ok ? [] : [{ path: 'email', message: 'Must be an email address.' }];
}

export function passwordProblems(password: string): FieldProblem[] {
  const problem = passwordProblem(password);
  return problem ? [{ path: 'password', message: problem }] : [];
}

export function statusProblems(status: string): FieldProblem[] {
  return isStatus(status) ? [] : [{ path: 'status', message: 'Must be "active" or "disabled".' }];
}

export function isStatus(status: string): status is StaffStatus {
  return status === 'active' || status === 'disabled';
}

export function rightsProblems(rights: readonly string[]): FieldProblem[] {
  return rights.flatMap((right, index) =>
    isRight(right) ? [] : [{ path: `rights.${index}`, message: `Unknown right "${right}".` }],
  );
}

/** Known rights, each once, in the order given. */
export function uniqueRights(rights: readonly string[]): Right[] {
  return [...new Set(rights.filter(isRight))];
}

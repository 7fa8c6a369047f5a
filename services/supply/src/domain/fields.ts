import { AppError, badRequest, type FieldProblem } from '@travel/errors';

/** Problems found while checking a request, thrown together as one `400`. */
export function createProblems() {
  const problems: FieldProblem[] = [];
  return {
    add(path: string, message: string) {
      problems.push({ path, message });
    },
    text(path: string, value: string | undefined, max: number) {
      if (value !== undefined && (value.trim() === '' || value.length > max))
        problems.push({ path, message: `must be 1 to ${max} characters` });
    },
    oneOf(path: string, value: string | undefined, allowed: readonly string[]) {
      if (value !== undefined && !allowed.includes(value))
        problems.push({ path, message: `must be one of ${allowed.join(', ')}` });
    },
    email(path: string, value: string | undefined) {
      if (value !== undefined && (value.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)))
        problems.push({ path, message: 'must be an email address' });
    },
    phone(path: string, value: string | undefined) {
      if (value !== undefined && !/^\+?[0-9][0-9 -]{5,19}$/.test(value))
        problems.push({ path, message: 'must be a phone number (digits, spaces, hyphens, an optional +)' });
    },
    throwIfAny() {
      if (problems.length > 0) throw badRequest(problems);
    },
  };
}

/** How names are compared for uniqueness: case-insensitive, spaces collapsed. */
export const nameKeyOf = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** The platform's owner key; tenant ids are `ten_<n>`, so none aliases it. */
export const PLATFORM = 'platform';
export const ownerOf = (tenantId: string | undefined) => tenantId ?? PLATFORM;
export const tenantOfOwner = (owner: string) => (owner === PLATFORM ? undefined : owner);

export const nameTaken = (what: string, name: string) =>
  new AppError('conflict', `A ${what} named ${name} exists already.`);

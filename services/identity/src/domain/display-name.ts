import type { FieldProblem } from '@travel/errors';

const MAX_NAME_LENGTH = 120;

/** Names of tenants, clients and keys: trimmed, 1 to 120 characters (0 allowed where a name is optional). */
export function displayNameProblems(value: string, path: string, { optional = false } = {}): FieldProblem[] {
  const name = value.trim();
  if (name.length === 0 && !optional) return [{ path, message: 'Must not be empty.' }];
  if (name.length > MAX_NAME_LENGTH) {
    return [{ path, message: `Must be at most ${MAX_NAME_LENGTH} characters.` }];
  }
  return [];
}

import { invalidAllowListEntries, isScope, type KeyEnvironment, SCOPES } from '@travel/api-keys';
import type { FieldProblem } from '@travel/errors';
import { displayNameProblems } from '../display-name';
import type { RateLimit } from './api-key';

const LIMIT_RANGE = { min: 1, max: 100_000 };
const WINDOW_RANGE = { min: 1, max: 86_400 };
/** A rotation's grace period: at most a week (the old key must not linger). */
const GRACE_RANGE = { min: 0, max: 7 * 86_400 };
export const KEY_ENVIRONMENTS = ['live', 'test'] as const;

/** The settings an administrator gives a key; absent fields are not checked (partial updates). */
export interface KeySettings {
  name?: string | undefined;
  scopes?: readonly string[] | undefined;
  environment?: string | undefined;
  ipAllowList?: readonly string[] | undefined;
  /** Null clears the expiry. */
  expiresAt?: Date | null | undefined;
  /** Null clears the override. */
  rateLimit?: RateLimit | null | undefined;
}

/** Every problem with a key's settings, with paths as the administrator's JSON body names them. */
export function keySettingsProblems(settings: KeySettings, now: Date): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (settings.name !== undefined)
    problems.push(...displayNameProblems(settings.name, 'name', { optional: true }));
  if (settings.scopes !== undefined)
    problems.push(...scopeProblems(settings.scopes, 'scopes', { required: true }));
  if (settings.environment !== undefined && !isKeyEnvironment(settings.environment)) {
    problems.push({ path: 'environment', message: `Must be one of: ${KEY_ENVIRONMENTS.join(', ')}.` });
  }
  if (settings.ipAllowList !== undefined) problems.push(...allowListProblems(settings.ipAllowList));
  if (settings.expiresAt && settings.expiresAt.getTime() <= now.getTime()) {
    problems.push({ path: 'expiresAt', message: 'Must be in the future.' });
  }
  if (settings.rateLimit) problems.push(...rateLimitProblems(settings.rateLimit, 'rateLimit'));
  return problems;
}

/** Each entry must be one of the six scopes; a key needs at least one, the platform switches may list none. */
export function scopeProblems(
  scopes: readonly string[],
  path: string,
  { required }: { required: boolean },
): FieldProblem[] {
  if (required && scopes.length === 0) return [{ path, message: 'At least one scope is required.' }];
  return scopes.flatMap((scope, index) =>
    isScope(scope) ? [] : [{ path: `${path}.${index}`, message: `Must be one of: ${SCOPES.join(', ')}.` }],
  );
}

export function rateLimitProblems(rateLimit: RateLimit, path: string): FieldProblem[] {
  return [
    ...rangeProblems(rateLimit.limit, LIMIT_RANGE, `${path}.limit`),
    ...rangeProblems(rateLimit.windowSeconds, WINDOW_RANGE, `${path}.windowSeconds`),
  ];
}

export function graceProblems(graceSeconds: number): FieldProblem[] {
  return rangeProblems(graceSeconds, GRACE_RANGE, 'graceSeconds');
}

export function isKeyEnvironment(value: string): value is KeyEnvironment {
  return (KEY_ENVIRONMENTS as readonly string[]).includes(value);
}

function allowListProblems(entries: readonly string[]): FieldProblem[] {
  const invalid = new Set(invalidAllowListEntries(entries));
  return entries.flatMap((entry, index) =>
    invalid.has(entry)
      ? [{ path: `ipAllowList.${index}`, message: 'Must be an IPv4 or IPv6 address or CIDR range.' }]
      : [],
  );
}

function rangeProblems(value: number, range: { min: number; max: number }, path: string): FieldProblem[] {
  if (Number.isInteger(value) && value >= range.min && value <= range.max) return [];
  return [{ path, message: `Must be an integer from ${range.min} to ${range.max}.` }];
}

/** Stored forms: scopes without repeats, allow-list entries trimmed. */
export function normaliseScopes(scopes: readonly string[]): string[] {
  return [...new Set(scopes)];
}

export function normaliseAllowList(entries: readonly string[]): string[] {
  return entries.map((entry) => entry.trim());
}

import type { FieldProblem } from '@travel/errors';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,100}$/;
const FINGERPRINT = /^[0-9a-f]{64}$/;

/**
 * The `Idempotency-Key` as the API documents say (8 to 100 visible ASCII characters) and the fingerprint the
 * gateway computed, checked again by the service because gRPC callers other than the gateway must not get
 * around them: one problem per field, like the gateway's.
 */
export function idempotencyKeyProblems(key: string, fingerprint: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!IDEMPOTENCY_KEY.test(key))
    problems.push({ path: 'Idempotency-Key', message: 'must be 8 to 100 visible ASCII characters' });
  if (!FINGERPRINT.test(fingerprint)) problems.push({ path: 'body', message: 'has no fingerprint' });
  return problems;
}

export { type IdempotencyKeyDocument, idempotencyKeySchema } from './idempotency-key.schema';
export {
  type ClaimResult,
  createIdempotencyKeys,
  type IdempotencyClaim,
  type IdempotencyKeys,
} from './idempotency-keys';
export { idempotencyKeyProblems } from './key-rules';
export {
  createIdempotencyRunner,
  type IdempotencyRunner,
  type IdempotencyRunnerDeps,
  type IdempotentRequest,
  type IdempotentWork,
  type Lease,
  type Outcome,
} from './run-idempotent';

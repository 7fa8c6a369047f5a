import { createHash, randomUUID } from 'node:crypto';

/**
 * A fresh `Idempotency-Key` and a fingerprint as the gateway computes them, for gRPC calls the gateway would
 * make (top-ups, invoice payments): each call its own key, unless a test repeats one on purpose.
 */
export function freshIdempotency(body: unknown = randomUUID()): {
  idempotencyKey: string;
  requestFingerprint: string;
} {
  return {
    idempotencyKey: randomUUID(),
    requestFingerprint: createHash('sha256').update(JSON.stringify(body)).digest('hex'),
  };
}

import { createHash } from 'node:crypto';
import { AppError, badRequest, type FieldProblem } from '@travel/errors';
import { stringify } from 'safe-stable-stringify';
import type { z } from 'zod';
import { check } from '../../http/validate';
import { BookingRequest } from './partner-contract/components';
import { bookingIdParams, cancelBookingBody, idempotencyKey, pageQuery } from './partner-contract/operations';

// The HTTP contract of the booking routes (gateway/openapi/partner.yaml, `/bookings`): shapes, lengths and
// limits are checked here; the offer token's signature, tenant and expiry are the booking service's.

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The body of `POST /bookings` (the partner contract's `BookingRequest`). */
export const createBookingBody = BookingRequest;

export type CreateBookingBody = z.output<typeof createBookingBody>;

export interface CreateBookingInput {
  idempotencyKey: string;
  /** Hex SHA-256 of the body's canonical JSON: what "the same body" of a retry means. */
  requestFingerprint: string;
  body: CreateBookingBody;
}

/**
 * `POST /bookings`: a missing key is its own code; a malformed key and a malformed body are one 400
 * listing every problem, so a client fixes them in one round.
 */
export function readCreateBooking(header: string | undefined, body: unknown): CreateBookingInput {
  return readIdempotentCreate(createBookingBody, header, body);
}

/**
 * An idempotent create of any body shape (partner and storefront bookings): the key checked as the partner API
 * document's `Idempotency-Key` says, the body by its schema, both in one 400; the fingerprint of the body as received.
 */
export function readIdempotentCreate<S extends z.ZodType>(
  schema: S,
  header: string | undefined,
  body: unknown,
): { idempotencyKey: string; requestFingerprint: string; body: z.output<S> } {
  // An empty header is a key the client forgot to fill in, not a key.
  if (header === undefined || header === '') throw new AppError('idempotency_key_required');
  const problems: FieldProblem[] = idempotencyKey.safeParse(header).success
    ? []
    : [{ path: IDEMPOTENCY_KEY_HEADER, message: 'must be 8 to 100 visible ASCII characters' }];
  const checked = check(schema, body);
  if (!checked.ok) problems.push(...checked.problems);
  if (!checked.ok || problems.length > 0) throw badRequest(problems);
  return { idempotencyKey: header, requestFingerprint: fingerprintOf(body), body: checked.data };
}

/** Sorted keys, no whitespace: the same JSON value gives the same fingerprint whatever its key order. */
export function fingerprintOf(body: unknown): string {
  return createHash('sha256')
    .update(stringify(body) ?? '')
    .digest('hex');
}

/** `limit` and `cursor` of a paged list (the internal lists import it under this name too). */
export const listBookingsQuery = pageQuery;

export { cancelBookingBody };

/** `bkg_<n>`, within the integers a service can hold exactly; anything else cannot be a booking. */
export function isBookingId(id: string): boolean {
  return bookingIdParams.shape.id.safeParse(id).success;
}

import { createHash } from 'node:crypto';
import { AppError, badRequest, type FieldProblem } from '@travel/errors';
import { stringify } from 'safe-stable-stringify';
import { z } from 'zod';
import { emailAddress } from '../../http/email';
import { check } from '../../http/validate';

// The HTTP contract of the booking routes (partner-api.md §4, §8; decisions.md): shapes, lengths and
// limits are checked here; the offer token's signature, tenant and expiry are the booking service's.

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** 8 to 100 visible ASCII characters: a UUID fits, and so does any key a client library generates. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,100}$/;

const personName = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);

export const createBookingBody = z.strictObject({
  offerToken: z.string().min(1, 'must not be empty').max(4096),
  contact: z.strictObject({
    name: personName(200),
    email: emailAddress('must be an email address'),
    phone: z.string().trim().max(40).optional(),
  }),
  travellers: z
    .array(z.strictObject({ firstName: personName(100), lastName: personName(100) }))
    .max(9, 'at most 9 travellers')
    .optional(),
  reference: z.string().max(80).optional(),
});

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
 * An idempotent create of any body shape (partner and storefront bookings): the key checked as partner-api.md
 * §8 says, the body by its schema, both in one 400; the fingerprint of the body as received.
 */
export function readIdempotentCreate<S extends z.ZodType>(
  schema: S,
  header: string | undefined,
  body: unknown,
): { idempotencyKey: string; requestFingerprint: string; body: z.output<S> } {
  // An empty header is a key the client forgot to fill in, not a key.
  if (header === undefined || header === '') throw new AppError('idempotency_key_required');
  const problems: FieldProblem[] = IDEMPOTENCY_KEY.test(header)
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

export const listBookingsQuery = z.object({
  limit: z
    .string()
    .regex(/^[0-9]{1,3}$/, 'must be an integer from 1 to 100')
    .transform(Number)
    .pipe(z.number().min(1, 'must be an integer from 1 to 100').max(100, 'must be an integer from 1 to 100'))
    .default(25),
  cursor: z.string().min(1, 'must not be empty').max(200).optional(),
});

/** `POST /bookings/{id}/cancel` takes no body; an empty one or `{}` is fine. */
export const cancelBookingBody = z.strictObject({});

/** `bkg_<n>`, within the integers a service can hold exactly; anything else cannot be a booking. */
const BOOKING_ID = /^bkg_[0-9]{1,15}$/;

export function isBookingId(id: string): boolean {
  return BOOKING_ID.test(id);
}

import type { booking } from '@travel/contracts';
import { badRequest, type FieldProblem } from '@travel/errors';
import { idempotencyKeyProblems } from '@travel/idempotency';
import type { Contact, Traveller } from './booking';

export interface BookingRequest {
  idempotencyKey: string;
  fingerprint: string;
  offerToken: string;
  contact: Contact;
  travellers: Traveller[];
  reference: string | null;
  /** The price the caller was shown; a price to book that differs is `price_changed` (null: none given). */
  expectedPrice: { amount: number; currency: string } | null;
}

// Deliberately loose (one @, a dot in the domain, no spaces): the partner's mailbox is theirs to know.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_TRAVELLERS = 9;
export const MAX_REFERENCE = 80;

/**
 * The rules of `POST /bookings` (gateway/openapi/partner.yaml), checked again here because gRPC callers other
 * than the gateway must not get around them. One problem per field, like the gateway's.
 */
export function readBookingRequest(request: booking.CreateBookingRequest): BookingRequest {
  const problems: FieldProblem[] = [];
  const need = (ok: boolean, path: string, message: string) => ok || problems.push({ path, message });
  problems.push(...idempotencyKeyProblems(request.idempotencyKey, request.requestFingerprint));
  need(request.offerToken.length > 0, 'offerToken', 'is required');
  const contact = request.contact;
  need(Boolean(contact?.name.trim()), 'contact.name', 'is required');
  need(EMAIL.test(contact?.email ?? ''), 'contact.email', 'must be an email address');
  need(
    request.travellers.length <= MAX_TRAVELLERS,
    'travellers',
    `must have at most ${MAX_TRAVELLERS} entries`,
  );
  request.travellers.forEach((traveller, i) => {
    need(Boolean(traveller.firstName.trim()), `travellers.${i}.firstName`, 'is required');
    need(Boolean(traveller.lastName.trim()), `travellers.${i}.lastName`, 'is required');
  });
  need(
    (request.reference ?? '').length <= MAX_REFERENCE,
    'reference',
    `must be at most ${MAX_REFERENCE} characters`,
  );
  const expected = request.expectedPrice;
  if (expected) {
    need(
      Number.isSafeInteger(expected.amount) && expected.amount >= 0,
      'expectedPrice.amount',
      'must be whole units, at least 0',
    );
    need(
      /^[A-Z]{3}$/.test(expected.currency),
      'expectedPrice.currency',
      'must be a three-letter currency code',
    );
  }
  if (problems.length > 0 || !contact) throw badRequest(problems);
  return {
    idempotencyKey: request.idempotencyKey,
    fingerprint: request.requestFingerprint,
    offerToken: request.offerToken,
    contact: { name: contact.name.trim(), email: contact.email, phone: contact.phone ?? null },
    travellers: request.travellers.map(({ firstName, lastName }) => ({
      firstName: firstName.trim(),
      lastName: lastName.trim(),
    })),
    reference: request.reference ?? null,
    expectedPrice: expected ? { amount: expected.amount, currency: expected.currency } : null,
  };
}

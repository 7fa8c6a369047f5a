import type { booking } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { newEventId } from '@travel/events';
import type { Counters } from '@travel/mongo';
import type { OfferClaims, OfferTokenVerifier } from '@travel/offer-tokens';
import type { BookingRepository } from '../db/booking.repository';
import type { IdempotencyClaim, IdempotencyKeys } from '../db/idempotency-key.repository';
import type { EventsWritten, PendingEvent } from '../db/pending-event';
import { type Booking, bookingId, type Owner, routeOf, travelDateOf } from './booking';
import { type BookingRequest, readBookingRequest } from './booking-request';
import { ownerOf } from './caller';
import type { CrashHook } from './crash-points';
import { checkOffer } from './offer-check';
import { newPnr } from './pnr';

/** The total (whole rupees) the tenant pays for an offer today: pricing's answer, never the client's. */
export type Reprice = (offer: OfferClaims, tenantId: string, requestId: string) => Promise<number>;

export interface CreateBookingDeps {
  keys: IdempotencyKeys;
  bookings: BookingRepository;
  counters: Counters;
  verifier: OfferTokenVerifier;
  reprice: Reprice;
  now: () => Date;
  crash: CrashHook;
  eventsWritten: EventsWritten;
}

export interface CreateBookingResult {
  booking: Booking;
  replayed: boolean;
}

const MAX_PNR_DRAWS = 5;

/**
 * `POST /bookings`, idempotent as decisions.md pins it down. The key is claimed by a unique insert with a
 * random attempt id; the booking carries the attempt under a unique index, so whichever request (first or
 * retry, before or after a crash) finishes the attempt, it books once. A retry finds the booking by the attempt
 * and replays it; finds none and a live claim: `409`; finds a dead claim: takes it over and finishes it.
 */
export function createCreateBooking(deps: CreateBookingDeps) {
  const inProgress = () =>
    new AppError('conflict', 'A request with this Idempotency-Key is still in progress; retry it shortly.');

  async function resume(claim: IdempotencyClaim, owner: Owner, input: BookingRequest, requestId: string) {
    if (claim.fingerprint !== input.fingerprint) throw new AppError('idempotency_key_reuse');
    const booked = await deps.bookings.findByAttempt(claim.attempt);
    if (booked) return { booking: asCreated(booked), replayed: true };
    if (claim.leaseUntil > deps.now()) throw inProgress();
    // The first request died before it booked: this retry does its work, under the same attempt.
    const taken = await deps.keys.takeOver(claim, deps.now());
    if (!taken) throw inProgress();
    return book(taken, owner, input, requestId, () => checkOffer(deps.verifier, input.offerToken, owner));
  }

  async function book(
    claim: IdempotencyClaim,
    owner: Owner,
    input: BookingRequest,
    requestId: string,
    offerOf: () => OfferClaims,
  ): Promise<CreateBookingResult> {
    let outcome: { inserted: Booking; events: PendingEvent[] } | { found: Booking };
    try {
      // A takeover checks the token again: it may have expired while the first request lay dead.
      const offer = offerOf();
      const amount = await deps.reprice(offer, owner.tenantId, requestId);
      outcome = await insertBooking(claim, owner, input, offer, amount);
    } catch (error) {
      // An error is not remembered (decisions.md): a retry with the key runs again.
      await deps.keys.release(claim);
      throw error;
    }
    if ('found' in outcome) return { booking: asCreated(outcome.found), replayed: true };
    deps.crash('after-booking-write');
    deps.eventsWritten(outcome.inserted, outcome.events);
    deps.crash('before-answer');
    return { booking: outcome.inserted, replayed: false };
  }

  /**
   * Inserts the booking under a fresh number with the claim's attempt. The unique attempt decides who
   * finished it: a second finisher (a takeover racing a slow first request) collides, finds the winner and
   * replays it, leaving its own number unused. A PNR collision draws again.
   */
  async function insertBooking(
    claim: IdempotencyClaim,
    owner: Owner,
    input: BookingRequest,
    offer: OfferClaims,
    amount: number,
  ): Promise<{ inserted: Booking; events: PendingEvent[] } | { found: Booking }> {
    const number = await deps.counters.next('booking');
    const createdAt = deps.now();
    const events: PendingEvent[] = owner.livemode
      ? [{ id: newEventId(), type: 'booking.created', occurredAt: createdAt }]
      : []; // booking.created is for live keys only (partner-api.md §6)
    for (let draw = 0; draw < MAX_PNR_DRAWS; draw++) {
      const booking: Booking = {
        ...owner,
        id: bookingId(number),
        number,
        pnr: newPnr(),
        type: offer.type,
        route: routeOf(offer.type, offer.offer),
        date: travelDateOf(offer.type, offer.offer),
        amount,
        currency: 'INR',
        reference: input.reference,
        contact: input.contact,
        travellers: input.travellers,
        createdAt,
        status: 'Upcoming',
      };
      const result = await deps.bookings.insert({
        ...booking,
        attempt: claim.attempt,
        offer: offer.offer,
        pendingEvents: events,
      });
      if (result === 'inserted') return { inserted: booking, events };
      if (result === 'attempt_taken') {
        const found = await deps.bookings.findByAttempt(claim.attempt);
        if (found) return { found };
      }
    }
    throw new Error(`booking ${bookingId(number)}: no free PNR after ${MAX_PNR_DRAWS} draws`);
  }

  /** A request whose token no longer passes may still be a replay: the key decides before the token does. */
  async function refused(
    error: unknown,
    scope: string,
    owner: Owner,
    input: BookingRequest,
    requestId: string,
  ) {
    const known = await deps.keys.find(scope, deps.now());
    if (!known) throw error;
    return resume(known, owner, input, requestId);
  }

  return async (request: booking.CreateBookingRequest, requestId: string): Promise<CreateBookingResult> => {
    const owner = ownerOf(request.caller);
    const input = readBookingRequest(request);
    const scope = `${owner.clientId}:${owner.livemode ? 'live' : 'test'}:${input.idempotencyKey}`;
    let offer: OfferClaims;
    try {
      // Checked before claiming, so a refused request leaves no key behind.
      offer = checkOffer(deps.verifier, input.offerToken, owner);
    } catch (error) {
      return refused(error, scope, owner, input, requestId);
    }
    const result = await deps.keys.claim(scope, input.fingerprint, deps.now());
    if (!result.claimed) return resume(result.existing, owner, input, requestId);
    deps.crash('after-claim');
    return book(result.claim, owner, input, requestId, () => offer);
  };
}

/** The booking as its creation answered it: the original `201` (a later cancel does not change it). */
function asCreated(booking: Booking): Booking {
  return { ...booking, status: 'Upcoming' };
}

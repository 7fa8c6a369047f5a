import type { AuditEntry } from '@travel/audit';
import type { booking } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { IdempotencyRunner, Lease } from '@travel/idempotency';
import type { Counters } from '@travel/mongo';
import type { OfferClaims, OfferTokenVerifier } from '@travel/offer-tokens';
import type { BookingRepository } from '../db/booking.repository';
import { type EventsWritten, newPendingEvent, type PendingEvent } from '../db/pending-event';
import {
  type Booking,
  type BookingStatus,
  bookingId,
  type Owner,
  routeOf,
  type StorefrontPart,
  travelDateOf,
} from './booking';
import { type BookingDiscounts, discountTotal } from './booking-discounts';
import { type BookingRequest, readBookingRequest } from './booking-request';
import type { CrashHook } from './crash-points';
import type { KeySpender, ReserveSpending, SpendingHold } from './key-spending';
import { checkOffer } from './offer-check';
import { isSimulatedOffer } from './offer-supply';
import { newPnr } from './pnr';

/** The total (whole rupees) an offer costs today: pricing's answer for the tenant (null: the platform default). */
export type Reprice = (offer: OfferClaims, tenantId: string | null, requestId: string) => Promise<number>;

export interface CreateBookingDeps {
  idempotency: IdempotencyRunner;
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

/**
 * What differs between a partner's booking and a storefront customer's; the idempotent creation around it
 * is one piece of code (`createIdempotentBooking`).
 */
export interface BookingChannel {
  /** The idempotency scope of the key: whose key it is. */
  scope: string;
  /** The offer this caller may book; throws `400`/`410` otherwise. */
  checkOffer(token: string): OfferClaims;
  /** Whose price: a tenant's, or null for the platform default margin. */
  priceTenant: string | null;
  owner: Owner;
  /** The status the booking is written with (storefront: `Pending` until paid). */
  status: BookingStatus;
  /** The events written with the booking (partner: `booking.created`; storefront: none until paid). */
  eventsAt(createdAt: Date): PendingEvent[];
  /** A staff member's booking: its audit entry, written with the booking (docs/decisions/audit.md). */
  audited?(booking: Booking): AuditEntry;
  /**
   * The discounts at the repriced amount (storefront; a tenant's offline booking with a voucher), taken
   * before the booking is written (a voucher is reserved under the attempt: a refusal books nothing);
   * `undoDiscounts` gives them back when it was not. A booking without a `storefront` part keeps its voucher
   * on the booking itself (`Booking.voucher`).
   */
  discounts?(
    offer: OfferClaims,
    amount: number,
    attempt: string,
    requestId: string,
  ): Promise<BookingDiscounts>;
  undoDiscounts?(attempt: string, requestId: string): Promise<void>;
  storefront?(offer: OfferClaims, discounts: BookingDiscounts | null): StorefrontPart;
  /**
   * A last check once the price is known, before anything is written (staff booking from a customer's
   * wallet: the balance covers it); throwing books nothing and frees the key. Not asked again on a replay.
   */
  admit?(amount: number, requestId: string): Promise<void>;
  /**
   * Reserves the amount against the API key's spending limits just before the booking is written (partner);
   * refusing books nothing and frees the key. The hold is given back when the attempt books nothing.
   */
  reserveSpending?(amount: number): Promise<SpendingHold>;
  /** Finishes a written booking before it is answered (storefront: pays and confirms it); idempotent. */
  settle(booking: Booking, requestId: string): Promise<Booking>;
}

const MAX_PNR_DRAWS = 5;

/**
 * `POST /bookings`, idempotent as docs/idempotency.md pins it down, through the shared runner of
 * `@travel/idempotency`: the key is claimed with a random attempt id; the booking carries the attempt under a
 * unique index, so whichever request (first or retry, before or after a crash) finishes the attempt, it books
 * once. A retry finds the booking by the attempt and replays it; finds none and a live lease: `409
 * idempotency_key_in_use`; finds a lapsed lease: takes it over and finishes it.
 */
export function createIdempotentBooking(deps: CreateBookingDeps) {
  /** The booking made by the key's attempt, found and (on a replay) finished and shown as created. */
  function workOf(
    channel: BookingChannel,
    input: BookingRequest,
    requestId: string,
    offer: OfferClaims | null,
    priced?: Promise<number>,
  ) {
    return {
      find: (attempt: string) => deps.bookings.findByAttempt(attempt),
      replay: (booked: Booking) => replay(channel, booked, requestId),
      // A takeover checks the token again: it may have expired while the first request lay dead.
      run: (lease: Lease, takeover: boolean) =>
        offer && !takeover
          ? book(lease, channel, input, requestId, () => offer, priced)
          : book(lease, channel, input, requestId, () => channel.checkOffer(input.offerToken)),
    };
  }

  /** A booking made by an earlier request of the key: finished if it was not (a crash), shown as created. */
  async function replay(
    channel: BookingChannel,
    booked: Booking,
    requestId: string,
  ): Promise<CreateBookingResult> {
    return { booking: asCreated(await channel.settle(booked, requestId)), replayed: true };
  }

  async function book(
    lease: Lease,
    channel: BookingChannel,
    input: BookingRequest,
    requestId: string,
    offerOf: () => OfferClaims,
    priced?: Promise<number>,
  ): Promise<CreateBookingResult> {
    let outcome: { inserted: Booking; events: PendingEvent[] } | { found: Booking };
    let discounts: BookingDiscounts | null = null;
    let spending: SpendingHold | null = null;
    try {
      const offer = offerOf();
      const amount = await (priced ?? deps.reprice(offer, channel.priceTenant, requestId));
      checkExpectedPrice(input, amount);
      discounts = (await channel.discounts?.(offer, amount, lease.attempt, requestId)) ?? null;
      await channel.admit?.(amount - (discounts ? discountTotal(discounts) : 0), requestId);
      spending = (await channel.reserveSpending?.(amount)) ?? null;
      outcome = await insertBooking(lease.attempt, channel, input, offer, amount, discounts);
    } catch (error) {
      if (discounts?.voucher) await undoUnbooked(lease, channel, requestId);
      if (spending) await releaseUnbooked(lease.attempt, spending);
      // The runner releases the key (nothing was booked): a retry with it runs again (docs/idempotency.md).
      throw error;
    }
    if ('found' in outcome) {
      // Another finisher of the attempt booked it with its own reservation: this one is not spent.
      if (spending) await releaseUnbooked(lease.attempt, spending, outcome.found);
      return replay(channel, outcome.found, requestId);
    }
    deps.crash('after-booking-write');
    deps.eventsWritten(outcome.inserted, outcome.events);
    // From here the booking exists: a failure is finished by a retry with the key (or the settler), never undone.
    const settled = await channel.settle(outcome.inserted, requestId);
    deps.crash('before-answer');
    return { booking: settled, replayed: false };
  }

  /**
   * A voucher reserved for a write that failed is given back, unless the booking may exist after all (it
   * is there, or the lease lapsed and a retry may be finishing the attempt with the same reservation):
   * then the booking's confirmation, or the reservation's expiry, decides. A failure here leaves the expiry.
   */
  async function undoUnbooked(lease: Lease, channel: BookingChannel, requestId: string) {
    try {
      if (lease.lapsed() || (await deps.bookings.findByAttempt(lease.attempt))) return;
      await channel.undoDiscounts?.(lease.attempt, requestId);
    } catch {
      // The reservation expires (promotions' sweeper) unless a booking confirms it.
    }
  }

  /**
   * Gives back a spending reservation whose write failed, unless the booking exists after all (a write that
   * landed but whose answer was lost); `booked` is the booking another finisher wrote. A failure here leaves
   * the amount counted: the key may spend less today, never more.
   */
  async function releaseUnbooked(attempt: string, hold: SpendingHold, booked?: Booking) {
    try {
      if (!booked && (await deps.bookings.findByAttempt(attempt))) return;
      await hold.release();
    } catch {
      // Counted too much rather than too little.
    }
  }

  /**
   * Inserts the booking under a fresh number with the claim's attempt. The unique attempt decides who
   * finished it: a second finisher (a takeover racing a slow first request) collides, finds the winner and
   * replays it, leaving its own number unused. A PNR collision draws again.
   */
  async function insertBooking(
    attempt: string,
    channel: BookingChannel,
    input: BookingRequest,
    offer: OfferClaims,
    amount: number,
    discounts: BookingDiscounts | null,
  ): Promise<{ inserted: Booking; events: PendingEvent[] } | { found: Booking }> {
    const number = await deps.counters.next('booking');
    const createdAt = deps.now();
    const events = channel.eventsAt(createdAt);
    for (let draw = 0; draw < MAX_PNR_DRAWS; draw++) {
      const booking: Booking = {
        ...channel.owner,
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
        status: channel.status,
        simulated: isSimulatedOffer(offer),
        ...(channel.storefront
          ? { storefront: channel.storefront(offer, discounts) }
          : discounts?.voucher
            ? { voucher: discounts.voucher }
            : {}),
      };
      const result = await deps.bookings.insert({
        ...booking,
        attempt,
        offer: offer.offer,
        pendingEvents: events,
        ...(channel.audited ? { pendingAudit: [channel.audited(booking)] } : {}),
      });
      if (result === 'inserted') return { inserted: booking, events };
      if (result === 'attempt_taken') {
        const found = await deps.bookings.findByAttempt(attempt);
        if (found) return { found };
      }
    }
    throw new Error(`booking ${bookingId(number)}: no free PNR after ${MAX_PNR_DRAWS} draws`);
  }

  return async (
    channel: BookingChannel,
    input: BookingRequest,
    requestId: string,
  ): Promise<CreateBookingResult> => {
    const request = { scope: channel.scope, fingerprint: input.fingerprint };
    let offer: OfferClaims;
    try {
      // Checked before claiming, so a refused request leaves no key behind.
      offer = channel.checkOffer(input.offerToken);
    } catch (error) {
      // A request whose token no longer passes may still be a replay: the key decides before the token does.
      const known = await deps.idempotency.ofExisting(request, workOf(channel, input, requestId, null));
      if (!known) throw error;
      return known.value;
    }
    // Pricing is asked while the key is claimed: neither needs the other. Only a first request's run uses the
    // price; a replay or a refused key leaves it (and its failure) unread, a takeover asks again.
    const priced = deps.reprice(offer, channel.priceTenant, requestId);
    priced.catch(() => {});
    return (await deps.idempotency.perform(request, workOf(channel, input, requestId, offer, priced))).value;
  };
}

/**
 * `expectedPrice` (the price the caller was shown): a price to book that differs is `409 price_changed` with
 * the price now in the facts, before anything is reserved or written (docs/idempotency.md).
 */
function checkExpectedPrice(input: BookingRequest, amount: number): void {
  const expected = input.expectedPrice;
  if (!expected || (expected.amount === amount && expected.currency === 'INR')) return;
  throw new AppError(
    'price_changed',
    `The price of this offer is now ${amount} INR, not the expected ${expected.amount} ${expected.currency}; nothing was booked.`,
    null,
    {
      amount,
      currency: 'INR',
      expectedAmount: expected.amount,
      expectedCurrency: expected.currency,
    },
  );
}

export type IdempotentBooking = ReturnType<typeof createIdempotentBooking>;

/**
 * A partner's `POST /bookings`: the key is the client's in its environment; the price its tenant's; the amount
 * is reserved against the calling API key's spending limits.
 */
export function createCreateBooking(
  deps: CreateBookingDeps & { reserveSpending: ReserveSpending },
  idempotent = createIdempotentBooking(deps),
) {
  return (
    request: booking.CreateBookingRequest,
    owner: Owner,
    spender: KeySpender,
    requestId: string,
  ): Promise<CreateBookingResult> => {
    const input = readBookingRequest(request);
    return idempotent(
      {
        scope: `${owner.clientId}:${owner.livemode ? 'live' : 'test'}:${input.idempotencyKey}`,
        checkOffer: (token) => checkOffer(deps.verifier, token, owner),
        priceTenant: owner.tenantId,
        owner,
        status: 'Upcoming',
        // Test mode is told what live mode is told (docs/decisions/sandbox.md): `livemode` says which.
        eventsAt: (occurredAt) => [newPendingEvent('booking.created', occurredAt)],
        reserveSpending: (amount) => deps.reserveSpending(spender, amount),
        settle: async (booked) => booked,
      },
      input,
      requestId,
    );
  };
}

/**
 * The booking as its creation answered it: the original `201` (a later cancel does not change it). A
 * storefront booking whose card payment is still pending, or failed, is answered as it stands.
 */
function asCreated(booking: Booking): Booking {
  if (!booking.storefront) return { ...booking, status: 'Upcoming' };
  if (booking.status === 'Pending' || booking.storefront.payment?.status === 'failed') return booking;
  return { ...booking, status: 'Upcoming', storefront: { ...booking.storefront, refund: null } };
}

import type { OfferClaims } from '@travel/offer-tokens';
import type { AutomaticDiscount, VoucherDiscount } from './booking-discounts';

/**
 * `Pending`: a storefront booking written but not yet paid (never shown, except to its customer while its
 * card payment waits for them; the settler finishes it).
 */
export type BookingStatus = 'Pending' | 'Upcoming' | 'Cancelled' | 'Completed';
export type BookingType = OfferClaims['type'];

export interface Contact {
  name: string;
  email: string;
  phone: string | null;
}

export interface Traveller {
  firstName: string;
  lastName: string;
}

/** Who owns a booking: the client that made it, its tenant, and the environment of the key. */
export interface Owner {
  tenantId: string;
  clientId: number;
  livemode: boolean;
}

/** A storefront refund: `pending` between the cancel and billing's answer, then billing's refund. */
export type StorefrontRefund =
  | { pending: true; refundable: boolean }
  | {
      pending: false;
      refundable: boolean;
      id: string;
      amount: number;
      status: 'completed' | 'not_refundable';
      /** Of `amount`: back to the wallet, and to the card through the provider (absent on older refunds: all wallet). */
      walletAmount?: number;
      cardAmount?: number;
      cardStatus?: 'pending' | 'succeeded' | 'failed' | null;
    };

/** Billing's payment of a storefront booking as the booking shows it (docs/decisions/billing.md "Storefront card payments"). */
export interface StorefrontPaymentState {
  status: 'captured' | 'pending' | 'failed';
  simulated: boolean;
  provider: 'simulated' | 'stripe' | null;
  /** While pending: what the storefront completes the card payment with. */
  clientSecret: string | null;
  /**
   * On a `failed` payment billing refused for want of a usable gateway (`no_gateway`, `simulator_disabled`,
   * `gateway_unusable`; docs/payments.md): nothing was charged. Absent otherwise.
   */
  failure?: string | null;
}

/**
 * What a storefront booking has beyond a partner's: its customer and its money. `amount` − `discount` =
 * `walletPaid` + `charged` once paid (both 0 while `Pending`).
 */
export interface StorefrontPart {
  customerId: string;
  useWallet: boolean;
  /** The automatic discount plus the voucher's (docs/decisions/promotions.md "Promotions"). */
  discount: number;
  /** Absent on bookings made before promotions were wired: none. */
  automaticDiscount?: AutomaticDiscount | null;
  voucher?: VoucherDiscount | null;
  walletPaid: number;
  charged: number;
  /** `pay_<number>` once paid. */
  paymentId: string | null;
  /** Billing's payment once asked (absent on bookings paid before card payments: captured, simulated). */
  payment?: StorefrontPaymentState | null;
  /** When it was paid and confirmed `Upcoming`: its `booking.created` time. Absent on older bookings and while pending. */
  confirmedAt?: Date;
  /** The offer allows a refund at all (flights: `refundable`; hotels and cars: until the day before `date`). */
  refundableOffer: boolean;
  refund: StorefrontRefund | null;
  /** True while money is owed to or by the booking (pending payment or refund): the settler's index. */
  unsettled: boolean;
  /** The platform staff member who booked it for the customer (an offline booking); absent when the customer did. */
  bookedBy?: string;
}

/** A booking and where it stands. */
export interface Booking extends Owner {
  /** `bkg_<number>`. */
  id: string;
  /** Monotonic across the platform: the list order and the cursor key. */
  number: number;
  pnr: string;
  type: BookingType;
  route: string;
  date: string;
  amount: number;
  currency: 'INR';
  reference: string | null;
  contact: Contact;
  travellers: Traveller[];
  createdAt: Date;
  /** `Upcoming` until cancelled or completed by its travel date; it leaves `Upcoming` once. */
  status: BookingStatus;
  /** Made from a simulated offer (offer-supply.ts): no supplier holds it, and its `pnr` is ours. */
  simulated: boolean;
  /** Storefront bookings only (partner bookings have a tenant and a client instead). */
  storefront?: StorefrontPart;
  /**
   * A tenant's offline booking that redeemed a voucher (the tenant its holder): the tenant is invoiced
   * `amount` − `voucher.amount`. Storefront bookings keep theirs in `storefront`.
   */
  voucher?: VoucherDiscount;
}

/** What a booking's discounts took off its amount (0 when none). */
export function discountOf(booking: Booking): number {
  return booking.storefront?.discount ?? booking.voucher?.amount ?? 0;
}

export function bookingId(number: number): string {
  return `bkg_${number}`;
}

/** The partner API's `route` (gateway/openapi/partner.yaml): flights `<from> → <to>`; hotels `<hotel name>, <city>`; cars `<car name>, <pickup>`. */
export function routeOf(type: BookingType, offer: Record<string, unknown>): string {
  if (type === 'flight') return `${text(offer.from)} → ${text(offer.to)}`;
  if (type === 'hotel') return `${text(offer.name)}, ${text(offer.city)}`;
  return `${text(offer.name)}, ${text(offer.pickup)}`;
}

/** The partner API's `date`: the flight date, the hotel check-in, the car pick-up day. */
export function travelDateOf(type: BookingType, offer: Record<string, unknown>): string {
  if (type === 'flight') return text(offer.date);
  if (type === 'hotel') return text(offer.checkIn);
  return text(offer.from);
}

function text(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0)
    throw new Error('offer claims lack a field a booking needs');
  return value;
}

/** Today in the platform's UTC calendar (the one search uses), as `YYYY-MM-DD`. */
export function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

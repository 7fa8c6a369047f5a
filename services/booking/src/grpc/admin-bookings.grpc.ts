import { auditActorOf } from '@travel/audit';
import type { adminBooking } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { type RequestContext, requireCallerOf, requireRight, type ServiceImplementation } from '@travel/grpc';
import type { AdminBookingRow } from '../db/admin-booking.repository';
import { askedTenantOf } from '../domain/admin-scope';
import type { createAssignSupplier } from '../domain/assign-supplier';
import { discountOf } from '../domain/booking';
import type { createCreateOfflineBooking } from '../domain/create-offline-booking';
import type { createListAdminBookings } from '../domain/list-admin-bookings';
import type { createCancelOfflineBooking } from '../domain/staff-bookings/cancel-offline-booking';
import type {
  createGetAdminBooking,
  createQuoteAdminCancellation,
} from '../domain/staff-bookings/quote-admin-cancellation';
import { encodeBooking, encodeQuote } from './booking.grpc';
import { type Staff, staffOf, tenantFilterOf } from './callers';

/**
 * Booking for a storefront customer (platform staff) or spending a tenant's voucher takes this right, as the
 * gateway checks (docs/decisions/bookings.md "Admin bookings"); the service does not trust that alone.
 */
const BOOKINGS_RIGHT = 'bookings';

export interface AdminBookingUseCases {
  listAdminBookings: ReturnType<typeof createListAdminBookings>;
  createOfflineBooking: ReturnType<typeof createCreateOfflineBooking>;
  assignSupplier: ReturnType<typeof createAssignSupplier>;
  cancelOfflineBooking: ReturnType<typeof createCancelOfflineBooking>;
  getAdminBooking: ReturnType<typeof createGetAdminBooking>;
  quoteAdminCancellation: ReturnType<typeof createQuoteAdminCancellation>;
}

/**
 * The tenant an offline booking is for: tenant staff their own (another tenant is `not_found`, as at the
 * gateway), platform staff the one named; a customer's booking is platform staff's with the right `bookings`.
 */
function checkOfflineBooking(staff: Staff, request: adminBooking.CreateOfflineBookingRequest): string {
  if (request.customerId !== undefined) {
    if (staff.kind !== 'platform-staff')
      throw new AppError('forbidden', 'Only platform staff may book for a storefront customer.');
    requireRight(staff, BOOKINGS_RIGHT);
  }
  if (request.voucherCode !== undefined) requireRight(staff, BOOKINGS_RIGHT);
  if (staff.kind === 'tenant-staff' && request.tenantId && request.tenantId !== staff.tenantId)
    throw new AppError('not_found', `No tenant with id ${request.tenantId}.`);
  return tenantFilterOf(staff, () => request.tenantId) ?? '';
}

/** Thin handlers: resolve the staff caller once (fail closed), call one use case in their scope, encode. */
export function createAdminBookingsGrpc(
  useCases: AdminBookingUseCases,
): ServiceImplementation<typeof adminBooking.AdminBookingServiceDefinition, RequestContext> {
  return {
    async listAdminBookings(request) {
      const staff = staffOf(request.caller);
      const tenantId = tenantFilterOf(staff, () => askedTenantOf(request.scope));
      const page = await useCases.listAdminBookings(request, tenantId);
      return {
        bookings: page.rows.map((row) => encodeAdminBooking(row, false)),
        nextCursor: page.nextCursor,
      };
    },
    async createOfflineBooking(request, context) {
      const staff = staffOf(request.caller);
      const tenantId = checkOfflineBooking(staff, request);
      const result = await useCases.createOfflineBooking(
        { ...request, tenantId },
        auditActorOf(staff),
        context.requestId,
      );
      return {
        booking: encodeAdminBooking({ booking: result.booking, supplierId: null }, true),
        replayed: result.replayed,
      };
    },
    async cancelOfflineBooking(request) {
      const staff = staffOf(request.caller);
      const tenantId = tenantFilterOf(staff, () => undefined);
      const { value, replayed } = await useCases.cancelOfflineBooking(request, tenantId, auditActorOf(staff));
      return { booking: encodeAdminBooking(value, true), replayed };
    },
    async getAdminBooking(request) {
      const staff = staffOf(request.caller);
      const row = await useCases.getAdminBooking(
        request.id,
        tenantFilterOf(staff, () => undefined),
      );
      return { booking: encodeAdminBooking(row, true) };
    },
    async quoteAdminCancellation(request) {
      const staff = staffOf(request.caller);
      const quote = await useCases.quoteAdminCancellation(
        request.id,
        tenantFilterOf(staff, () => undefined),
      );
      return { quote: encodeQuote(quote) };
    },
    async assignSupplier(request) {
      const staff = requireCallerOf(request.caller, 'platform-staff');
      const result = await useCases.assignSupplier(request, auditActorOf(staff));
      return {
        assigned: result.assigned.map((row) => encodeAdminBooking(row, false)),
        skipped: result.skipped,
      };
    },
  };
}

/**
 * Who made it: a storefront customer, a tenant's API client (partner), or staff (offline: for a tenant, client
 * 0; or for a customer, who owns it then).
 */
function encodeAdminBooking(row: AdminBookingRow, withPeople: boolean): adminBooking.AdminBooking {
  const { booking } = row;
  const customerId = booking.storefront?.customerId;
  const byStaff = booking.storefront ? booking.storefront.bookedBy !== undefined : booking.clientId === 0;
  return {
    booking: encodeBooking(booking, withPeople),
    tenantId: booking.tenantId || undefined,
    clientId: booking.clientId > 0 ? booking.clientId : undefined,
    customerId,
    supplierId: row.supplierId ?? undefined,
    channel: byStaff ? 'offline' : customerId ? 'storefront' : 'partner',
    discount: discountOfBooking(booking),
  };
}

/** What came off the amount and the voucher that took it, if any: a tenant's voucher or the storefront's. */
function discountOfBooking(
  booking: AdminBookingRow['booking'],
): adminBooking.AdminBookingDiscount | undefined {
  const amount = discountOf(booking);
  if (amount <= 0) return undefined;
  const code = booking.voucher?.code ?? booking.storefront?.voucher?.code ?? undefined;
  return { code, amount, total: booking.amount - amount };
}

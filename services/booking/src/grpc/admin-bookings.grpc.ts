import type { adminBooking } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import type { AdminBookingRow } from '../db/admin-booking.repository';
import type { createAssignSupplier } from '../domain/assign-supplier';
import { discountOf } from '../domain/booking';
import type { createCancelOfflineBooking } from '../domain/cancel-offline-booking';
import type { createCreateOfflineBooking } from '../domain/create-offline-booking';
import type { createListAdminBookings } from '../domain/list-admin-bookings';
import { encodeBooking } from './booking.grpc';

export interface AdminBookingUseCases {
  listAdminBookings: ReturnType<typeof createListAdminBookings>;
  createOfflineBooking: ReturnType<typeof createCreateOfflineBooking>;
  assignSupplier: ReturnType<typeof createAssignSupplier>;
  cancelOfflineBooking: ReturnType<typeof createCancelOfflineBooking>;
}

/** Thin handlers: decode, call one use case, encode. */
export function createAdminBookingsGrpc(
  useCases: AdminBookingUseCases,
): ServiceImplementation<typeof adminBooking.AdminBookingServiceDefinition, RequestContext> {
  return {
    async listAdminBookings(request) {
      const page = await useCases.listAdminBookings(request);
      return {
        bookings: page.rows.map((row) => encodeAdminBooking(row, false)),
        nextCursor: page.nextCursor,
      };
    },
    async createOfflineBooking(request, context) {
      const result = await useCases.createOfflineBooking(request, context.requestId);
      return {
        booking: encodeAdminBooking({ booking: result.booking, supplierId: null }, true),
        replayed: result.replayed,
      };
    },
    async cancelOfflineBooking(request) {
      return { booking: encodeAdminBooking(await useCases.cancelOfflineBooking(request), true) };
    },
    async assignSupplier(request, context) {
      const result = await useCases.assignSupplier(request, context.logger);
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

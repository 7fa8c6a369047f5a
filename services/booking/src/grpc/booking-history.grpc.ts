import type { bookingHistory } from '@travel/contracts';
import { type RequestContext, requireCallerOf, type ServiceImplementation } from '@travel/grpc';
import type { createListBookingHistory } from '../domain/list-booking-history';
import { historyEventsOf } from '../events/booking-history';

/** Thin handler: check the caller (every tenant's bookings: jobs and platform staff only), page, encode. */
export function createBookingHistoryGrpc(
  listBookingHistory: ReturnType<typeof createListBookingHistory>,
): ServiceImplementation<typeof bookingHistory.BookingHistoryServiceDefinition, RequestContext> {
  return {
    async listBookingHistory(request) {
      requireCallerOf(request.caller, 'internal-job', 'platform-staff');
      const page = await listBookingHistory(request.after, request.pageSize);
      return {
        // The envelope as published; the partition key and trace are the relay's, not the message's.
        events: page.entries
          .flatMap(historyEventsOf)
          .map(({ key: _key, traceparent: _trace, ...envelope }) => envelope),
        nextAfter: page.nextAfter,
      };
    },
  };
}

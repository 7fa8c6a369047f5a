import type { adminBooking } from '@travel/contracts';
import { badRequest } from '@travel/errors';
import type { OfferTokenVerifier } from '@travel/offer-tokens';
import { newPendingEvent } from '../db/pending-event';
import type { Owner } from './booking';
import { readBookingRequest } from './booking-request';
import type { CreateBookingResult, IdempotentBooking } from './create-booking';
import { checkOffer } from './offer-check';

/**
 * `POST /api/admin/bookings`: staff book for a tenant from an offer token bound to that tenant, through the
 * same idempotent create as partner bookings. The booking is the tenant's, live, priced for the tenant, and
 * owned by no API client (client 0): partners' keys do not list it and its events reach no partner webhook;
 * billing invoices it to the tenant. The key is shared by the tenant's staff.
 */
export function createCreateOfflineBooking(deps: {
  verifier: OfferTokenVerifier;
  idempotent: IdempotentBooking;
}) {
  return (
    request: adminBooking.CreateOfflineBookingRequest,
    requestId: string,
  ): Promise<CreateBookingResult> => {
    if (!request.tenantId) throw badRequest([{ path: 'tenantId', message: 'is required' }]);
    const owner: Owner = { tenantId: request.tenantId, clientId: 0, livemode: true };
    const input = readBookingRequest({ ...request, caller: undefined });
    return deps.idempotent(
      {
        scope: `staff:${request.tenantId}:${input.idempotencyKey}`,
        checkOffer: (token) => checkOffer(deps.verifier, token, owner),
        priceTenant: owner.tenantId,
        owner,
        status: 'Upcoming',
        eventsAt: (occurredAt) => [newPendingEvent('booking.created', occurredAt)],
        settle: async (booked) => booked,
      },
      input,
      requestId,
    );
  };
}

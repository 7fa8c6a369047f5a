import { AppError } from '@travel/errors';
import type { Request } from 'express';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody } from '../../http/envelope';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { isBookingId } from '../common/booking-requests';
import { presentCancellationQuote } from '../common/cancellation-quote-presenter';
import { stringParam } from '../common/params';
import { cancellationQuoteBody } from '../common/partner-contract/cancellation-quotes';
import { presentAdminBooking } from './admin-bookings.routes';

/** A path id that is not `bkg_<n>` names no booking: 404 without asking the service. */
function bookingIdOf(req: Request): string {
  const id = stringParam(req, 'id');
  if (!isBookingId(id)) throw new AppError('not_found', `No booking ${id}.`);
  return id;
}

/**
 * One booking and its cancellation quote for staff (the partner console, issue 46): tenant staff reach their own
 * tenant's bookings only (booking holds them to it: another tenant's is `404`), platform staff any. The quote is
 * the partner's (same rule, same expiry), kept under the booking's own owner so `POST .../cancel` with its
 * `quoteId` cancels an API client's booking at that refund.
 */
export function staffBookingQuoteRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.adminBooking;
  return [
    {
      method: 'get',
      path: '/api/admin/bookings/:id',
      access: { kind: 'staff' },
      handlers: [
        async (req, res) => {
          const reply = await api.getAdminBooking(
            { caller: callerOf(res), id: bookingIdOf(req) },
            callOptions(res),
          );
          res.json(dataBody(presentAdminBooking(reply.booking, true)));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/bookings/:id/cancellation-quote',
      access: { kind: 'staff' },
      handlers: [
        async (req, res) => {
          const id = bookingIdOf(req);
          validate(cancellationQuoteBody, req.body);
          const reply = await api.quoteAdminCancellation({ caller: callerOf(res), id }, callOptions(res));
          res.json(dataBody(presentCancellationQuote(reply.quote)));
        },
      ],
    },
  ];
}

import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody } from '../../http/envelope';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { presentCancellationQuote } from '../common/cancellation-quote-presenter';
import { cancellationQuoteBody } from '../common/partner-contract/cancellation-quotes';
import { bookingIdOf } from './bookings.routes';

/** `POST /bookings/{id}/cancellation-quote`: what cancelling the caller's booking would refund now. */
export function cancellationQuotesRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return [
    {
      method: 'post',
      path: '/api/v1/bookings/:id/cancellation-quote',
      access: { kind: 'partner', scope: 'bookings:write', tenantLinked: true },
      handlers: [
        async (req, res) => {
          validate(cancellationQuoteBody, req.body);
          const reply = await clients.booking.quoteCancellation(
            { caller: callerOf(res), id: bookingIdOf(req) },
            callOptions(res),
          );
          res.json(dataBody(presentCancellationQuote(reply.quote)));
        },
      ],
    },
  ];
}

import { AppError } from '@travel/errors';
import type { Request, Response } from 'express';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import {
  IDEMPOTENCY_KEY_HEADER,
  isBookingId,
  listBookingsQuery,
  readCreateBooking,
} from '../common/booking-requests';
import { idempotentHandler, markReplayed, readIdempotentChange } from '../common/idempotency';
import { partnerCancelBookingBody } from '../common/partner-contract/cancellation-quotes';
import { presentBooking, presentBookingListItem } from './booking-presenters';

const reads = { kind: 'partner', scope: 'bookings:read', tenantLinked: true } as const;
const writes = { kind: 'partner', scope: 'bookings:write', tenantLinked: true } as const;

/** `POST /bookings`, `GET /bookings`, `GET /bookings/{id}`, `POST /bookings/{id}/cancel`: the caller's own bookings. */
export function bookingsRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return [
    {
      method: 'post',
      path: '/api/v1/bookings',
      access: writes,
      handlers: [
        idempotentHandler(async (req, res) => {
          const { idempotencyKey, requestFingerprint, body } = readCreateBooking(
            req.get(IDEMPOTENCY_KEY_HEADER),
            req.body,
          );
          const reply = await clients.booking.createBooking(
            {
              caller: callerOf(res),
              idempotencyKey,
              requestFingerprint,
              ...body,
              travellers: body.travellers ?? [],
            },
            callOptions(res),
          );
          markReplayed(res, reply.replayed);
          res.status(201).json(dataBody(presentBooking(reply.booking)));
        }),
      ],
    },
    {
      method: 'get',
      path: '/api/v1/bookings',
      access: reads,
      handlers: [
        async (req, res) => {
          const { limit, cursor } = validate(listBookingsQuery, req.query, 'query');
          const reply = await clients.booking.listBookings(
            { caller: callerOf(res), limit, cursor },
            callOptions(res),
          );
          res.json(listBody(reply.bookings.map(presentBookingListItem), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/v1/bookings/:id',
      access: reads,
      handlers: [
        async (req, res) => {
          const reply = await clients.booking.getBooking(
            { caller: callerOf(res), id: bookingIdOf(req) },
            callOptions(res),
          );
          res.json(dataBody(presentBooking(reply.booking)));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/v1/bookings/:id/cancel',
      access: writes,
      handlers: [
        idempotentHandler(async (req, res: Response) => {
          // The body is checked before the id: bad input is named even on a path that names no booking.
          const { body, idempotency } = readIdempotentChange(partnerCancelBookingBody, req, {
            required: false,
            target: { id: String(req.params.id) },
          });
          const id = bookingIdOf(req);
          const reply = await clients.booking.cancelBooking(
            { caller: callerOf(res), id, quoteId: body.quoteId, idempotency },
            callOptions(res),
          );
          markReplayed(res, reply.replayed);
          res.json(dataBody(presentBooking(reply.booking)));
        }),
      ],
    },
  ];
}

/** An id that is not `bkg_<n>` names no booking: 404 without asking the service. */
export function bookingIdOf(req: Request): string {
  const id = String(req.params.id);
  if (!isBookingId(id)) throw new AppError('not_found', `No booking ${id}.`);
  return id;
}

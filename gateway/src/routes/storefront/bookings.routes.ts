import { AppError } from '@travel/errors';
import type { Request } from 'express';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import {
  cancelBookingBody,
  IDEMPOTENCY_KEY_HEADER,
  isBookingId,
  listBookingsQuery,
  readIdempotentCreate,
} from '../common/booking-requests';
import { idempotentHandler, markReplayed, readIdempotentChange } from '../common/idempotency';
import { presentStorefrontBooking, presentStorefrontBookingListItem } from './booking-presenters';
import { storefrontBookingBody } from './bookings.contract';

const customer = { kind: 'customer' } as const;

/** The customer's own bookings: `POST/GET /api/bookings`, `GET /api/bookings/:id`, `POST /api/bookings/:id/cancel`. */
export function storefrontBookingRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.storefrontBooking;
  return [
    {
      method: 'post',
      path: '/api/bookings',
      access: customer,
      handlers: [
        idempotentHandler(async (req, res) => {
          const { idempotencyKey, requestFingerprint, body } = readIdempotentCreate(
            storefrontBookingBody,
            req.get(IDEMPOTENCY_KEY_HEADER),
            req.body,
          );
          const reply = await api.createStorefrontBooking(
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
          res.status(201).json(dataBody(presentStorefrontBooking(reply.booking)));
        }),
      ],
    },
    {
      method: 'get',
      path: '/api/bookings',
      access: customer,
      handlers: [
        async (req, res) => {
          const { limit, cursor } = validate(listBookingsQuery, req.query, 'query');
          const reply = await api.listStorefrontBookings(
            { caller: callerOf(res), limit, cursor },
            callOptions(res),
          );
          res.json(listBody(reply.bookings.map(presentStorefrontBookingListItem), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/bookings/:id',
      access: customer,
      handlers: [
        async (req, res) => {
          const reply = await api.getStorefrontBooking(
            { caller: callerOf(res), id: bookingIdOf(req) },
            callOptions(res),
          );
          res.json(dataBody(presentStorefrontBooking(reply.booking)));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/bookings/:id/cancel',
      access: customer,
      handlers: [
        idempotentHandler(async (req, res) => {
          const { idempotency } = readIdempotentChange(cancelBookingBody, req, {
            required: false,
            target: { id: String(req.params.id) },
          });
          const id = bookingIdOf(req);
          const reply = await api.cancelStorefrontBooking(
            { caller: callerOf(res), id, idempotency },
            callOptions(res),
          );
          markReplayed(res, reply.replayed);
          res.json(dataBody(presentStorefrontBooking(reply.booking)));
        }),
      ],
    },
  ];
}

/** An id that is not `bkg_<n>` names no booking: 404 without asking the service. */
function bookingIdOf(req: Request): string {
  const id = String(req.params.id);
  if (!isBookingId(id)) throw new AppError('not_found', `No booking ${id}.`);
  return id;
}

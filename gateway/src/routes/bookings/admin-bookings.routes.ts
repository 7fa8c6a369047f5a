import type { adminBooking } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { Response } from 'express';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import { requireCustomer, requireSupplier } from '../../http/references';
import { staffOf } from '../../http/request-context';
import type { RouteDefinition } from '../../http/route-table';
import { tenantScopeOf } from '../../http/tenant-scope';
import { validate } from '../../http/validate';
import { IDEMPOTENCY_KEY_HEADER, isBookingId, readIdempotentCreate } from '../common/booking-requests';
import { CUSTOMER_SUPPORT_RIGHT } from '../common/customer-support';
import { idempotentHandler, markReplayed, readIdempotentChange } from '../common/idempotency';
import { stringParam } from '../common/params';
import {
  adminCancelBookingBody,
  assignSupplierBody,
  createOfflineBookingBody,
  listAdminBookingsQuery,
} from './admin-bookings.contract';

/**
 * Spending a tenant's voucher takes the right that shows the tenant its promotions and previews them
 * (`/api/admin/vouchers/apply`, `/mine`): docs/decisions/bookings.md "Admin bookings".
 */
const VOUCHER_RIGHT = 'bookings';

/**
 * Admin bookings (docs/decisions/bookings.md, "Admin
 * bookings"): any staff list the bookings they may see, book offline for their tenant (the platform for any
 * tenant; a voucher with the right `bookings`) and cancel those offline bookings; assigning a supplier is the
 * platform's. Changes are audited in identity's log.
 */
export function adminBookingRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.adminBooking;
  return [
    {
      method: 'get',
      path: '/api/admin/bookings',
      access: { kind: 'staff' },
      handlers: [
        async (req, res) => {
          const { tenantId, ...filters } = validate(listAdminBookingsQuery, req.query, 'query');
          const scope = await tenantScopeOf(clients, res, tenantId);
          const reply = await api.listAdminBookings(
            { caller: callerOf(res), scope, ...filters },
            callOptions(res),
          );
          res.json(
            listBody(
              reply.bookings.map((row) => presentAdminBooking(row)),
              reply.nextCursor ?? null,
            ),
          );
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/bookings',
      access: { kind: 'staff' },
      handlers: [
        idempotentHandler(async (req, res) => {
          const { idempotencyKey, requestFingerprint, body } = readIdempotentCreate(
            createOfflineBookingBody,
            req.get(IDEMPOTENCY_KEY_HEADER),
            req.body,
          );
          const { tenantId, customerId, ...booking } = body;
          if (booking.voucherCode !== undefined && !staffOf(res).rights.includes(VOUCHER_RIGHT))
            throw new AppError(
              'forbidden',
              `Your role lacks the right ${VOUCHER_RIGHT} to redeem a voucher.`,
            );
          const owner =
            customerId === undefined
              ? { tenantId: await offlineTenantOf(clients, res, tenantId) }
              : { tenantId: '', customerId: await offlineCustomerOf(clients, res, customerId) };
          const reply = await api.createOfflineBooking(
            {
              caller: callerOf(res),
              ...owner,
              idempotencyKey,
              requestFingerprint,
              ...booking,
              travellers: booking.travellers ?? [],
            },
            callOptions(res),
          );
          const made = presentAdminBooking(reply.booking, true);
          markReplayed(res, reply.replayed);
          res.status(201).json(dataBody(made));
        }),
      ],
    },
    {
      method: 'post',
      path: '/api/admin/bookings/:id/cancel',
      access: { kind: 'staff' },
      handlers: [
        idempotentHandler(async (req, res) => {
          const id = stringParam(req, 'id');
          // The body first: bad input lists every failing field, whatever the path names.
          const { body, idempotency } = readIdempotentChange(adminCancelBookingBody, req, {
            required: false,
            target: { id },
          });
          if (!isBookingId(id)) throw new AppError('not_found', `No booking ${id}.`);
          // Booking holds tenant staff to their own tenant's bookings; an API client's only with a quote.
          const reply = await api.cancelOfflineBooking(
            { caller: callerOf(res), id, idempotency, quoteId: body.quoteId },
            callOptions(res),
          );
          const cancelled = presentAdminBooking(reply.booking, true);
          markReplayed(res, reply.replayed);
          res.json(dataBody(cancelled));
        }),
      ],
    },
    {
      method: 'put',
      path: '/api/admin/bookings/assign-supplier',
      access: { kind: 'staff', platformOnly: true },
      handlers: [
        async (req, res) => {
          const { bookingIds, supplierId } = validate(assignSupplierBody, req.body);
          // The supplier must exist (404 from supply) and take work: an inactive one is a conflict.
          const { supplier } = await requireSupplier(clients, res, supplierId);
          if (supplier?.status !== 'active')
            throw new AppError(
              'conflict',
              `Supplier ${supplierId} is ${supplier?.status ?? 'unknown'}; activate it first.`,
            );
          const reply = await api.assignSupplier(
            { caller: callerOf(res), bookingIds, supplierId },
            callOptions(res),
          );
          const assigned = reply.assigned.map((row) => presentAdminBooking(row));
          res.json(dataBody({ supplierId, assigned, skipped: reply.skipped }));
        },
      ],
    },
  ];
}

/** The tenant an offline booking is for: tenant staff their own, the platform the one it names. */
async function offlineTenantOf(clients: ServiceClients, res: Response, tenantId: string | undefined) {
  const scope = await tenantScopeOf(clients, res, tenantId, { storefront: false });
  if (scope.all) throw new AppError('bad_request', undefined, [{ path: 'tenantId', message: 'is required' }]);
  return scope.tenantId;
}

/**
 * The storefront customer an offline booking is for (docs/decisions/bookings.md "Admin bookings"): customers are the
 * platform's, so platform staff with the customer-support right `bookings` (the wallet top-up's); identity
 * says whether the customer exists (`404` if not).
 */
async function offlineCustomerOf(clients: ServiceClients, res: Response, customerId: string) {
  const staff = staffOf(res);
  if (!staff.platform)
    throw new AppError('forbidden', 'Only platform staff may book for a storefront customer.');
  if (!staff.rights.includes(CUSTOMER_SUPPORT_RIGHT))
    throw new AppError('forbidden', `Your role lacks the right ${CUSTOMER_SUPPORT_RIGHT}.`);
  await requireCustomer(clients, res, customerId);
  return customerId;
}

export function presentAdminBooking(row: adminBooking.AdminBooking | undefined, withPeople = false) {
  const booking = row?.booking;
  if (!row || !booking) throw new Error('the booking service answered no booking');
  return {
    id: booking.id,
    pnr: booking.pnr,
    type: booking.type,
    route: booking.route,
    date: booking.date,
    status: booking.status,
    amount: booking.amount,
    currency: booking.currency,
    reference: booking.reference ?? null,
    livemode: booking.livemode,
    simulated: booking.simulated,
    createdAt: booking.createdAt?.toISOString() ?? null,
    channel: row.channel,
    tenantId: row.tenantId ?? null,
    clientId: row.clientId ?? null,
    customerId: row.customerId ?? null,
    supplierId: row.supplierId ?? null,
    discount: row.discount
      ? { code: row.discount.code ?? null, amount: row.discount.amount, total: row.discount.total }
      : null,
    ...(withPeople
      ? {
          contact: {
            name: booking.contact?.name ?? '',
            email: booking.contact?.email ?? '',
            phone: booking.contact?.phone ?? null,
          },
          travellers: booking.travellers.map(({ firstName, lastName }) => ({ firstName, lastName })),
        }
      : {}),
  };
}

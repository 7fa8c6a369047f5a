import type { adminBooking } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { z } from 'zod';
import type { ServiceClients } from '../../clients/service-clients';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import { recordAudit } from '../../http/record-audit';
import type { RouteDefinition } from '../../http/route-table';
import { tenantScopeOf } from '../../http/tenant-scope';
import { validate } from '../../http/validate';
import { createBookingBody, IDEMPOTENCY_KEY_HEADER, readIdempotentCreate } from '../partner/booking-requests';
import { isoDay } from './params';

const listQuery = z.strictObject({
  tenantId: z.string().trim().min(1).max(100).optional(),
  status: z.enum(['Upcoming', 'Cancelled', 'Completed']).optional(),
  type: z.enum(['flight', 'hotel', 'car']).optional(),
  livemode: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  dateFrom: isoDay.optional(),
  dateTo: isoDay.optional(),
  createdFrom: isoDay.optional(),
  createdTo: isoDay.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().min(1).max(200).optional(),
});

const offlineBody = createBookingBody.extend({ tenantId: z.string().trim().min(1).max(100).optional() });

export const assignSupplierBody = z.strictObject({
  bookingIds: z.array(z.string().min(1).max(40)).min(1).max(100),
  supplierId: z.string().trim().min(1).max(100),
});

/**
 * Admin bookings (decisions.md "Corporate travel, supply and reports"; rights in docs/decisions.md "Admin
 * bookings"): any staff list the bookings they may see and book offline for their tenant (the platform for any
 * tenant); assigning a supplier is the platform's. Changes are audited in identity's log.
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
          const { tenantId, ...filters } = validate(listQuery, req.query, 'query');
          const scope = await tenantScopeOf(clients, res, tenantId);
          const reply = await api.listAdminBookings({ scope, ...filters }, callOptions(res));
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
        async (req, res) => {
          const { idempotencyKey, requestFingerprint, body } = readIdempotentCreate(
            offlineBody,
            req.get(IDEMPOTENCY_KEY_HEADER),
            req.body,
          );
          const { tenantId, ...booking } = body;
          const scope = await tenantScopeOf(clients, res, tenantId, { storefront: false });
          if (scope.all)
            throw new AppError('bad_request', undefined, [{ path: 'tenantId', message: 'is required' }]);
          const reply = await api.createOfflineBooking(
            {
              tenantId: scope.tenantId,
              idempotencyKey,
              requestFingerprint,
              ...booking,
              travellers: booking.travellers ?? [],
            },
            callOptions(res),
          );
          const made = presentAdminBooking(reply.booking, true);
          if (reply.replayed) res.setHeader('Idempotent-Replayed', 'true');
          else
            await recordAudit(clients, res, {
              action: 'booking.created_offline',
              targetType: 'booking',
              targetId: made.id,
              details: { tenantId: made.tenantId, amount: made.amount },
            });
          res.status(201).json(dataBody(made));
        },
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
          const { supplier } = await clients.supply.getSupplier({ id: supplierId }, callOptions(res));
          if (supplier?.status !== 'active')
            throw new AppError(
              'conflict',
              `Supplier ${supplierId} is ${supplier?.status ?? 'unknown'}; activate it first.`,
            );
          const reply = await api.assignSupplier({ bookingIds, supplierId }, callOptions(res));
          const assigned = reply.assigned.map((row) => presentAdminBooking(row));
          for (const booking of assigned)
            await recordAudit(clients, res, {
              action: 'booking.supplier_assigned',
              targetType: 'booking',
              targetId: booking.id,
              details: { supplierId },
            });
          res.json(dataBody({ supplierId, assigned, skipped: reply.skipped }));
        },
      ],
    },
  ];
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
    createdAt: booking.createdAt?.toISOString() ?? null,
    channel: row.channel,
    tenantId: row.tenantId ?? null,
    clientId: row.clientId ?? null,
    customerId: row.customerId ?? null,
    supplierId: row.supplierId ?? null,
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

import type { adminBooking } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { Response } from 'express';
import { z } from 'zod';
import type { ServiceClients } from '../../clients/service-clients';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import { recordAudit } from '../../http/record-audit';
import { staffOf } from '../../http/request-context';
import type { RouteDefinition } from '../../http/route-table';
import { tenantScopeOf } from '../../http/tenant-scope';
import { validate } from '../../http/validate';
import {
  cancelBookingBody,
  createBookingBody,
  IDEMPOTENCY_KEY_HEADER,
  isBookingId,
  readIdempotentCreate,
} from '../partner/booking-requests';
import { isoDay, stringParam } from './params';
import { CUSTOMER_ID, CUSTOMER_SUPPORT_RIGHT } from './wallets.routes';

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

/**
 * A tenant's booking (`tenantId`: the platform names it, tenant staff their own) or a storefront customer's
 * (`customerId` with `payment`, platform staff): one or the other.
 */
const offlineBody = createBookingBody
  .extend({
    tenantId: z.string().trim().min(1).max(100).optional(),
    customerId: z.string().trim().min(1).max(40).optional(),
    payment: z.enum(['wallet']).optional(),
    voucherCode: z.string().trim().min(1).max(40).optional(),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (body.customerId === undefined) {
      if (body.payment !== undefined)
        issue('payment', "is for a customer's booking (a tenant's is invoiced to the tenant)");
      return;
    }
    if (body.tenantId !== undefined) issue('tenantId', 'must be absent with customerId');
    if (body.payment === undefined) issue('payment', 'is required with customerId');
    if (body.voucherCode !== undefined) issue('voucherCode', "is for a tenant's booking");
  });

/**
 * Spending a tenant's voucher takes the right that shows the tenant its promotions and previews them
 * (`/api/admin/vouchers/apply`, `/mine`): docs/decisions.md "Admin bookings".
 */
const VOUCHER_RIGHT = 'bookings';

export const assignSupplierBody = z.strictObject({
  bookingIds: z.array(z.string().min(1).max(40)).min(1).max(100),
  supplierId: z.string().trim().min(1).max(100),
});

/**
 * Admin bookings (decisions.md "Corporate travel, supply and reports"; rights in docs/decisions.md "Admin
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
              ...owner,
              staffUserId: staffOf(res).userId,
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
              details: customerId
                ? { customerId, amount: made.amount, payment: booking.payment }
                : {
                    tenantId: made.tenantId,
                    amount: made.amount,
                    ...(made.discount
                      ? { voucherCode: made.discount.code, discount: made.discount.amount }
                      : {}),
                  },
            });
          res.status(201).json(dataBody(made));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/bookings/:id/cancel',
      access: { kind: 'staff' },
      handlers: [
        async (req, res) => {
          validate(cancelBookingBody, req.body);
          const id = stringParam(req, 'id');
          if (!isBookingId(id)) throw new AppError('not_found', `No booking ${id}.`);
          const scope = await tenantScopeOf(clients, res, undefined, { storefront: false });
          const reply = await api.cancelOfflineBooking({ scope, id }, callOptions(res));
          const cancelled = presentAdminBooking(reply.booking, true);
          await recordAudit(clients, res, {
            action: 'booking.cancelled_offline',
            targetType: 'booking',
            targetId: cancelled.id,
            details: { tenantId: cancelled.tenantId },
          });
          res.json(dataBody(cancelled));
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

/** The tenant an offline booking is for: tenant staff their own, the platform the one it names. */
async function offlineTenantOf(clients: ServiceClients, res: Response, tenantId: string | undefined) {
  const scope = await tenantScopeOf(clients, res, tenantId, { storefront: false });
  if (scope.all) throw new AppError('bad_request', undefined, [{ path: 'tenantId', message: 'is required' }]);
  return scope.tenantId;
}

/**
 * The storefront customer an offline booking is for (docs/decisions.md "Admin bookings"): customers are the
 * platform's, so platform staff with the customer-support right `bookings` (the wallet top-up's); identity
 * says whether the customer exists (`404` if not).
 */
async function offlineCustomerOf(clients: ServiceClients, res: Response, customerId: string) {
  const staff = staffOf(res);
  if (!staff.platform)
    throw new AppError('forbidden', 'Only platform staff may book for a storefront customer.');
  if (!staff.rights.includes(CUSTOMER_SUPPORT_RIGHT))
    throw new AppError('forbidden', `Your role lacks the right ${CUSTOMER_SUPPORT_RIGHT}.`);
  if (!CUSTOMER_ID.test(customerId)) throw new AppError('not_found', `No customer ${customerId}.`);
  await clients.customers.getProfile({ customerId }, callOptions(res));
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

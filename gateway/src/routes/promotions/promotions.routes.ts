import type { promotions } from '@travel/contracts';
import type { z } from 'zod';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import { requireCustomer, requireTenant } from '../../http/references';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { validateAcross } from '../../http/validate-across';
import { stringParam } from '../common/params';
import { pageQuery } from '../common/partner-contract/operations';
import type { PromotionKind } from './promotion-kinds';
import {
  presentAdminPromotion,
  presentAllocation,
  presentPreview,
  presentPromotion,
} from './promotion-presenters';
import {
  createPromotionBodies,
  newPromotionChecks,
  PromotionAllocationRequest,
  promotionFields,
  VoucherApplyRequest,
} from './promotions.contract';

const PLURAL: Record<PromotionKind, 'discounts' | 'offers' | 'vouchers'> = {
  discount: 'discounts',
  offer: 'offers',
  voucher: 'vouchers',
};
const tenantStaff: RouteAccess = { kind: 'staff', tenantOnly: true, right: 'bookings' };
const anyStaff: RouteAccess = { kind: 'staff', right: 'bookings' };

/** Voucher previews per client address: enough for a shopper, not for guessing codes. */
export const VOUCHER_APPLY_LIMIT = { name: 'voucher-apply', limit: 30, windowSeconds: 60 };

/**
 * Promotions (docs/decisions/promotions.md "Promotions"): the platform's CRUD and allocations of discounts, offers and
 * vouchers (rights of the same names), tenant staff's `mine` lists and voucher preview (right `bookings`),
 * the storefront's `b2c` lists, public preview and the customer's promo codes.
 */
export function promotionRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.promotions;
  const kinds: PromotionKind[] = ['discount', 'offer', 'voucher'];
  return [
    ...kinds.flatMap((kind) => adminRoutesOf(clients, kind)),
    ...(['discount', 'offer'] as const).flatMap((kind): RouteDefinition[] => [
      {
        method: 'get',
        path: `/api/admin/${PLURAL[kind]}/mine`,
        access: tenantStaff,
        handlers: [
          async (req, res) => {
            const { limit, cursor } = validate(pageQuery, req.query, 'query');
            // Promotions lists the caller's own tenant's.
            const reply = await api.listActivePromotions(
              { caller: callerOf(res), kind, limit, cursor },
              callOptions(res),
            );
            res.json(listBody(reply.promotions.map(presentPromotion), reply.nextCursor ?? null));
          },
        ],
      },
      {
        method: 'get',
        path: `/api/${PLURAL[kind]}/b2c`,
        access: { kind: 'public' },
        handlers: [
          async (req, res) => {
            const { limit, cursor } = validate(pageQuery, req.query, 'query');
            const reply = await api.listActivePromotions({ kind, limit, cursor }, callOptions(res));
            res.json(listBody(reply.promotions.map(presentPromotion), reply.nextCursor ?? null));
          },
        ],
      },
    ]),
    {
      method: 'post',
      path: '/api/vouchers/apply',
      access: { kind: 'public', limit: VOUCHER_APPLY_LIMIT },
      handlers: [
        async (req, res) => {
          const body = validate(VoucherApplyRequest, req.body);
          const reply = await api.previewVoucher({ ...body, publicPreview: true }, callOptions(res));
          res.json(dataBody(presentPreview(reply)));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/vouchers/apply',
      access: anyStaff,
      handlers: [
        async (req, res) => {
          const body = validate(VoucherApplyRequest, req.body);
          // Tenant staff preview as their tenant (its allocations and limits); the platform sees any voucher.
          const reply = await api.previewVoucher(
            { ...body, caller: callerOf(res), publicPreview: false },
            callOptions(res),
          );
          res.json(dataBody(presentPreview(reply)));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/wallet/promo-codes',
      access: { kind: 'customer' },
      handlers: [
        async (req, res) => {
          const { limit, cursor } = validate(pageQuery, req.query, 'query');
          const reply = await api.listCustomerVouchers(
            { caller: callerOf(res), limit, cursor },
            callOptions(res),
          );
          res.json(listBody(reply.promotions.map(presentPromotion), reply.nextCursor ?? null));
        },
      ],
    },
  ];
}

/** The platform's routes of one kind: list, create, update, delete, allocate and remove an allocation. */
function adminRoutesOf(clients: ServiceClients, kind: PromotionKind): RouteDefinition[] {
  const api = clients.promotions;
  const base = `/api/admin/${PLURAL[kind]}`;
  const access: RouteAccess = { kind: 'staff', platformOnly: true, right: PLURAL[kind] };
  const fieldsOf = (schema: z.ZodType, body: unknown) => validate(schema, body) as promotions.PromotionFields;
  return [
    {
      method: 'get',
      path: base,
      access,
      handlers: [
        async (req, res) => {
          const { limit, cursor } = validate(pageQuery, req.query, 'query');
          const reply = await api.listPromotions(
            { caller: callerOf(res), kind, limit, cursor },
            callOptions(res),
          );
          res.json(listBody(reply.promotions.map(presentAdminPromotion), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'post',
      path: base,
      access,
      handlers: [
        async (req, res) => {
          const fields = validateAcross(createPromotionBodies[kind], req.body, [
            newPromotionChecks[kind],
          ]) as promotions.PromotionFields;
          const reply = await api.createPromotion({ caller: callerOf(res), kind, fields }, callOptions(res));
          const shown = presentAdminPromotion(reply.promotion);
          res.status(201).json(dataBody(shown));
        },
      ],
    },
    {
      method: 'put',
      path: `${base}/:id`,
      access,
      handlers: [
        async (req, res) => {
          const fields = fieldsOf(promotionFields[kind], req.body);
          const id = stringParam(req, 'id');
          const reply = await api.updatePromotion(
            { caller: callerOf(res), kind, id, fields },
            callOptions(res),
          );
          res.json(dataBody(presentAdminPromotion(reply.promotion)));
        },
      ],
    },
    {
      method: 'delete',
      path: `${base}/:id`,
      access,
      handlers: [
        async (req, res) => {
          const id = stringParam(req, 'id');
          await api.deletePromotion({ caller: callerOf(res), kind, id }, callOptions(res));
          res.json(dataBody({ id, deleted: true }));
        },
      ],
    },
    {
      method: 'post',
      path: `${base}/:id/allocate`,
      access,
      handlers: [
        async (req, res) => {
          const holder = validate(PromotionAllocationRequest, req.body);
          // The holder must exist before the allocation is stored: identity knows tenants and customers (404).
          if (holder.tenantId !== undefined) await requireTenant(clients, res, holder.tenantId);
          if (holder.customerId !== undefined) await requireCustomer(clients, res, holder.customerId);
          const promotionId = stringParam(req, 'id');
          const reply = await api.allocate(
            { caller: callerOf(res), kind, promotionId, holder },
            callOptions(res),
          );
          const allocation = presentAllocation(reply.allocation);
          res.status(201).json(dataBody(allocation));
        },
      ],
    },
    {
      method: 'delete',
      path: `${base}/:id/allocate/:allocationId`,
      access,
      handlers: [
        async (req, res) => {
          const promotionId = stringParam(req, 'id');
          const allocationId = stringParam(req, 'allocationId');
          await api.removeAllocation(
            { caller: callerOf(res), kind, promotionId, allocationId },
            callOptions(res),
          );
          res.json(dataBody({ id: allocationId, deleted: true }));
        },
      ],
    },
  ];
}

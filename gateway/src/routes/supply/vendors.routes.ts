import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import { staffOf } from '../../http/request-context';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { tenantInScope } from '../../http/tenant-scope';
import { validate } from '../../http/validate';
import { stringParam } from '../common/params';
import { presentVendor } from './presenters';
import { createVendorBody, listVendorsQuery, ownerQuery, updateVendorBody } from './vendors.contract';

// No right is needed (gateway/openapi/internal.yaml): any staff member, on their own tenant's vendors; the platform on the
// tenant it names, on its own vendors when it creates without one, and on every owner's when it reads or
// changes without one.
const staff: RouteAccess = { kind: 'staff' };
/** The fields `null` removes. */
const optionals = ['contactName', 'email', 'phone', 'city'] as const;

/** The owner a staff call reads or changes: one tenant (or, for the platform naming none, every owner). */
export async function ownerScope(
  clients: ServiceClients,
  res: Parameters<typeof staffOf>[0],
  requested?: string,
) {
  const scoped = await tenantInScope(clients, res, requested);
  return { tenantId: scoped, any: staffOf(res).platform && scoped === undefined };
}

/** Vendors: a tenant's (or the platform's) directory of local partners. */
export function vendorRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.supply;
  return [
    {
      method: 'get',
      path: '/api/admin/vendors',
      access: staff,
      handlers: [
        async (req, res) => {
          const query = validate(listVendorsQuery, req.query, 'query');
          const owner = await ownerScope(clients, res, query.tenantId);
          const reply = await api.listVendors(
            { caller: callerOf(res), ...query, tenantId: owner.tenantId, allOwners: owner.any },
            callOptions(res),
          );
          res.json(listBody(reply.vendors.map(presentVendor), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/vendors',
      access: staff,
      handlers: [
        async (req, res) => {
          const body = validate(createVendorBody, req.body);
          const owner = await tenantInScope(clients, res, body.tenantId);
          const reply = await api.createVendor(
            { caller: callerOf(res), ...body, tenantId: owner },
            callOptions(res),
          );
          const vendor = presentVendor(reply.vendor);
          res.status(201).json(dataBody(vendor));
        },
      ],
    },
    {
      method: 'put',
      path: '/api/admin/vendors/:id',
      access: staff,
      handlers: [
        async (req, res) => {
          const body = validate(updateVendorBody, req.body);
          const { tenantId: requested } = validate(ownerQuery, req.query, 'query');
          const owner = await ownerScope(clients, res, requested);
          const id = stringParam(req, 'id');
          const given = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
          const reply = await api.updateVendor(
            {
              caller: callerOf(res),
              tenantId: owner.tenantId,
              anyOwner: owner.any,
              id,
              ...given,
              clear: optionals.filter((field) => body[field] === null),
            },
            callOptions(res),
          );
          res.json(dataBody(presentVendor(reply.vendor)));
        },
      ],
    },
    {
      method: 'delete',
      path: '/api/admin/vendors/:id',
      access: staff,
      handlers: [
        async (req, res) => {
          const { tenantId: requested } = validate(ownerQuery, req.query, 'query');
          const owner = await ownerScope(clients, res, requested);
          const id = stringParam(req, 'id');
          await api.deleteVendor(
            { caller: callerOf(res), tenantId: owner.tenantId, anyOwner: owner.any, id },
            callOptions(res),
          );
          res.json(dataBody({ id, deleted: true }));
        },
      ],
    },
  ];
}

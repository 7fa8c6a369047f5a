import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { stringParam } from '../common/params';
import { presentSupplier } from './presenters';
import { createSupplierBody, listSuppliersQuery, updateSupplierBody } from './suppliers.contract';

const readers: RouteAccess = { kind: 'staff' };
const writers: RouteAccess = { kind: 'staff', platformOnly: true, right: 'suppliers' };

/** Suppliers: the platform's directory (writes: platform, right `suppliers`; reads: any staff member). */
export function supplierRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.supply;
  return [
    {
      method: 'get',
      path: '/api/admin/suppliers',
      access: readers,
      handlers: [
        async (req, res) => {
          const query = validate(listSuppliersQuery, req.query, 'query');
          const reply = await api.listSuppliers({ caller: callerOf(res), ...query }, callOptions(res));
          res.json(listBody(reply.suppliers.map(presentSupplier), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/suppliers',
      access: writers,
      handlers: [
        async (req, res) => {
          const body = validate(createSupplierBody, req.body);
          const reply = await api.createSupplier(
            {
              caller: callerOf(res),
              ...body,
              contactEmail: body.contactEmail ?? undefined,
              contactPhone: body.contactPhone ?? undefined,
            },
            callOptions(res),
          );
          const supplier = presentSupplier(reply.supplier);
          res.status(201).json(dataBody(supplier));
        },
      ],
    },
    {
      method: 'put',
      path: '/api/admin/suppliers/:id',
      access: writers,
      handlers: [
        async (req, res) => {
          const body = validate(updateSupplierBody, req.body);
          const id = stringParam(req, 'id');
          const reply = await api.updateSupplier(
            {
              caller: callerOf(res),
              id,
              name: body.name,
              services: body.services ?? [],
              setServices: body.services !== undefined,
              contactEmail: body.contactEmail ?? undefined,
              contactPhone: body.contactPhone ?? undefined,
              clearContactEmail: body.contactEmail === null,
              clearContactPhone: body.contactPhone === null,
              status: body.status,
            },
            callOptions(res),
          );
          res.json(dataBody(presentSupplier(reply.supplier)));
        },
      ],
    },
    {
      method: 'delete',
      path: '/api/admin/suppliers/:id',
      access: writers,
      handlers: [
        async (req, res) => {
          const id = stringParam(req, 'id');
          await api.deleteSupplier({ caller: callerOf(res), id }, callOptions(res));
          res.json(dataBody({ id, deleted: true }));
        },
      ],
    },
  ];
}

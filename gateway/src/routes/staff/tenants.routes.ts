import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import { staffOf } from '../../http/request-context';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { directoryPageQuery } from '../common/internal-components';
import { stringParam } from '../common/params';
import { presentTenant } from './presenters';
import { createTenantBody, updateOwnTenantBody, updateTenantBody } from './tenants.contract';

const platformOnly: RouteAccess = { kind: 'staff', platformOnly: true };
const ownTenant: RouteAccess = { kind: 'staff', tenantOnly: true };

/** Identity clears the contact email on an empty string; null is how the HTTP API says it. */
const contactChange = (value: string | null | undefined) => (value === null ? '' : value);

/** The tenant directory (platform only), a tenant's own record, and the tenant picker list. */
export function tenantRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.tenants;
  return [
    {
      method: 'get',
      path: '/api/admin/tenant-directory',
      access: platformOnly,
      handlers: [
        async (req, res) => {
          const page = validate(directoryPageQuery, req.query, 'query');
          const reply = await api.listTenants({ caller: callerOf(res), ...page }, callOptions(res));
          res.json(listBody(reply.tenants.map(presentTenant), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/tenant-directory',
      access: platformOnly,
      handlers: [
        async (req, res) => {
          const body = validate(createTenantBody, req.body);
          const reply = await api.createTenant({ caller: callerOf(res), ...body }, callOptions(res));
          res.status(201).json(dataBody(presentTenant(reply.tenant)));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/admin/tenant-directory/:id',
      access: platformOnly,
      handlers: [
        async (req, res) => {
          const reply = await api.getTenant(
            { caller: callerOf(res), id: stringParam(req, 'id') },
            callOptions(res),
          );
          res.json(dataBody(presentTenant(reply.tenant)));
        },
      ],
    },
    {
      method: 'put',
      path: '/api/admin/tenant-directory/:id',
      access: platformOnly,
      handlers: [
        async (req, res) => {
          const body = validate(updateTenantBody, req.body);
          const reply = await api.updateTenant(
            {
              caller: callerOf(res),
              id: stringParam(req, 'id'),
              ...body,
              contactEmail: contactChange(body.contactEmail),
            },
            callOptions(res),
          );
          res.json(dataBody(presentTenant(reply.tenant)));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/admin/tenant',
      access: ownTenant,
      handlers: [
        async (_req, res) => {
          const id = staffOf(res).tenantId as string;
          const reply = await api.getTenant({ caller: callerOf(res), id }, callOptions(res));
          res.json(dataBody(presentTenant(reply.tenant)));
        },
      ],
    },
    {
      method: 'put',
      path: '/api/admin/tenant',
      access: ownTenant,
      handlers: [
        async (req, res) => {
          const body = validate(updateOwnTenantBody, req.body);
          const id = staffOf(res).tenantId as string;
          const reply = await api.updateTenant(
            { caller: callerOf(res), id, name: body.name, contactEmail: contactChange(body.contactEmail) },
            callOptions(res),
          );
          res.json(dataBody(presentTenant(reply.tenant)));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/admin/tenant/list',
      access: { kind: 'staff' },
      handlers: [
        async (req, res) => {
          const page = validate(directoryPageQuery, req.query, 'query');
          const reply = await api.listTenants({ caller: callerOf(res), ...page }, callOptions(res));
          res.json(
            listBody(
              reply.tenants.map(({ id, name }) => ({ id, name })),
              reply.nextCursor ?? null,
            ),
          );
        },
      ],
    },
  ];
}

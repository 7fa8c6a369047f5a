import { AppError, isAppError } from '@travel/errors';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { directoryPageQuery } from '../common/internal-components';
import { stringParam } from '../common/params';
import { presentRole } from './presenters';
import { createRoleBody, updateRoleBody } from './roles.contract';

const access: RouteAccess = { kind: 'staff' };

/** Identity calls a role's permissions `rights`; its validation paths are renamed to the HTTP field. */
async function asHttpFields<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!isAppError(error) || !Array.isArray(error.details)) throw error;
    const details = error.details.map((d) => ({ ...d, path: d.path.replace(/^rights\b/, 'permissions') }));
    throw new AppError(error.code, error.message, details);
  }
}

export function roleRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.staff;
  return [
    {
      method: 'get',
      path: '/api/admin/roles',
      access,
      handlers: [
        async (req, res) => {
          const page = validate(directoryPageQuery, req.query, 'query');
          const reply = await api.listRoles({ caller: callerOf(res), ...page }, callOptions(res));
          res.json(listBody(reply.roles.map(presentRole), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/roles',
      access,
      handlers: [
        async (req, res) => {
          const body = validate(createRoleBody, req.body);
          const reply = await asHttpFields(
            api.createRole(
              { caller: callerOf(res), name: body.name, rights: body.permissions, tenantId: body.tenantId },
              callOptions(res),
            ),
          );
          res.status(201).json(dataBody(presentRole(reply.role)));
        },
      ],
    },
    {
      method: 'put',
      path: '/api/admin/roles/:id',
      access,
      handlers: [
        async (req, res) => {
          const body = validate(updateRoleBody, req.body);
          const reply = await asHttpFields(
            api.updateRole(
              {
                caller: callerOf(res),
                id: stringParam(req, 'id'),
                name: body.name,
                rights: body.permissions && { values: body.permissions },
              },
              callOptions(res),
            ),
          );
          res.json(dataBody(presentRole(reply.role)));
        },
      ],
    },
    {
      method: 'delete',
      path: '/api/admin/roles/:id',
      access,
      handlers: [
        async (req, res) => {
          const id = stringParam(req, 'id');
          await api.deleteRole({ caller: callerOf(res), id }, callOptions(res));
          res.json(dataBody({ id, deleted: true }));
        },
      ],
    },
  ];
}

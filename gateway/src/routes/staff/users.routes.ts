import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { directoryPageQuery } from '../common/internal-components';
import { stringParam } from '../common/params';
import { presentUser } from './presenters';
import { createStaffUserBody, updateStaffUserBody } from './users.contract';

// No right is needed for these routes (gateway/openapi/internal.yaml); identity scopes them to the member's tenant
// and refuses to hand out rights the member does not hold.
const access: RouteAccess = { kind: 'staff' };

export function userRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.staff;
  return [
    {
      method: 'get',
      path: '/api/admin/users',
      access,
      handlers: [
        async (req, res) => {
          const page = validate(directoryPageQuery, req.query, 'query');
          const reply = await api.listUsers({ caller: callerOf(res), ...page }, callOptions(res));
          res.json(listBody(reply.users.map(presentUser), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/users',
      access,
      handlers: [
        async (req, res) => {
          const body = validate(createStaffUserBody, req.body);
          const reply = await api.createUser({ caller: callerOf(res), ...body }, callOptions(res));
          res.status(201).json(dataBody(presentUser(reply.user)));
        },
      ],
    },
    {
      method: 'put',
      path: '/api/admin/users/:id',
      access,
      handlers: [
        async (req, res) => {
          const body = validate(updateStaffUserBody, req.body);
          const reply = await api.updateUser(
            { caller: callerOf(res), id: stringParam(req, 'id'), ...body },
            callOptions(res),
          );
          res.json(dataBody(presentUser(reply.user)));
        },
      ],
    },
    {
      method: 'delete',
      path: '/api/admin/users/:id',
      access,
      handlers: [
        async (req, res) => {
          const id = stringParam(req, 'id');
          await api.deleteUser({ caller: callerOf(res), id }, callOptions(res));
          res.json(dataBody({ id, deleted: true }));
        },
      ],
    },
  ];
}

import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { pageInDataBody } from '../../http/envelope';
import { staffOf } from '../../http/request-context';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { directoryPageQuery } from '../common/internal-components';
import { rotateKeyHandler } from './api-access.routes';
import { createKeyHandler, revokeKeyHandler, updateKeyHandler } from './key-handlers';
import { presentClient } from './presenters';

const access: RouteAccess = { kind: 'staff', tenantOnly: true, right: 'api-console' };

/**
 * The tenant administrator's own clients and keys (never secrets but a new key's, once): issue, change, revoke and
 * rotate keys of its own tenant's clients only (identity answers another tenant's `404`).
 */
export function apiConsoleRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/admin/api-console',
      access,
      handlers: [
        async (req, res) => {
          const page = validate(directoryPageQuery, req.query, 'query');
          const tenantId = staffOf(res).tenantId as string;
          const reply = await clients.apiAccess.listClients(
            { caller: callerOf(res), tenantId, ...page },
            callOptions(res),
          );
          res.json(
            pageInDataBody({ tenantId, clients: reply.clients.map(presentClient) }, reply.nextCursor ?? null),
          );
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/api-console/clients/:id/keys',
      access,
      handlers: [createKeyHandler(clients)],
    },
    {
      method: 'put',
      path: '/api/admin/api-console/keys/:id',
      access,
      handlers: [updateKeyHandler(clients)],
    },
    {
      method: 'post',
      path: '/api/admin/api-console/keys/:id/revoke',
      access,
      handlers: [revokeKeyHandler(clients)],
    },
    {
      method: 'post',
      path: '/api/admin/api-console/keys/:id/rotate',
      access,
      handlers: [rotateKeyHandler(clients, (res) => staffOf(res).tenantId ?? undefined)],
    },
  ];
}

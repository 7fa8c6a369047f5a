import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody } from '../../http/envelope';
import { staffOf } from '../../http/request-context';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { rotateKeyHandler } from './api-access.routes';
import { presentClient } from './presenters';

const access: RouteAccess = { kind: 'staff', tenantOnly: true, right: 'api-console' };

/** The tenant administrator's own clients and keys (never secrets); rotation of its own keys only. */
export function apiConsoleRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/admin/api-console',
      access,
      handlers: [
        async (_req, res) => {
          const tenantId = staffOf(res).tenantId as string;
          const reply = await clients.apiAccess.listClients(
            { caller: callerOf(res), tenantId },
            callOptions(res),
          );
          res.json(dataBody({ tenantId, clients: reply.clients.map(presentClient) }));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/api-console/keys/:id/rotate',
      access,
      handlers: [rotateKeyHandler(clients, (res) => staffOf(res).tenantId ?? undefined)],
    },
  ];
}

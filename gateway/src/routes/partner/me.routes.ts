import { dataBody } from '../../http/envelope';
import { partnerKeyOf } from '../../http/request-context';
import type { RouteDefinition } from '../../http/route-table';

/** `GET /me` describes the calling key from the verified record alone: no service call. */
export function meRoutes(): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/v1/me',
      access: { kind: 'partner', scope: null },
      handlers: [
        (_req, res) => {
          const key = partnerKeyOf(res);
          res.json(
            dataBody({
              clientId: key.clientId,
              client: key.clientName,
              tenantLinked: key.tenantId !== null,
              environment: key.environment,
              scopes: [...key.scopes],
            }),
          );
        },
      ],
    },
  ];
}

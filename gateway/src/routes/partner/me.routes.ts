import type { z } from 'zod';
import { dataBody } from '../../http/envelope';
import { partnerKeyOf } from '../../http/request-context';
import type { RouteDefinition } from '../../http/route-table';
import type { Me } from './contract/components';

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
          const me: z.output<typeof Me> = {
            clientId: key.clientId,
            client: key.clientName,
            tenantLinked: key.tenantId !== null,
            environment: key.environment,
            // The key's scopes are validated against the same list when the key is issued.
            scopes: [...key.scopes] as z.output<typeof Me>['scopes'],
          };
          res.json(dataBody(me));
        },
      ],
    },
  ];
}

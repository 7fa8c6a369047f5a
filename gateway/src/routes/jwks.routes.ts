import type { ServiceClients } from '../clients/service-clients';
import { callOptions } from '../http/calls';
import type { RouteDefinition } from '../http/route-table';
import { JsonWebKeySet } from './jwks.contract';

/**
 * `GET /api/.well-known/jwks.json`: identity's public token keys as a standard JWKS (not enveloped), so a
 * system outside the platform verifies staff and customer tokens by their `kid` as the gateway does.
 */
export function jwksRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/.well-known/jwks.json',
      access: { kind: 'public' },
      handlers: [
        async (_req, res) => {
          const reply = await clients.staff.getAccessTokenKeys({}, callOptions(res));
          res.json(JsonWebKeySet.parse({ keys: reply.jwks.map((jwk) => JSON.parse(jwk)) }));
        },
      ],
    },
  ];
}

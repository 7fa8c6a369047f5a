import type { ServiceClients } from '../../clients/service-clients';
import { callOptions } from '../../http/calls';
import type { RouteDefinition } from '../../http/route-table';
import { OfferKeySet } from '../common/partner-contract/offer-keys';

/** Long enough to spare booking a call per token check, short against a rotation's overlap (15 minutes). */
const CACHE_SECONDS = 300;

/**
 * `GET /api/v1/offer-keys`: the public keys of offer tokens as a JWKS (not enveloped), so a partner verifies
 * a token's price and expiry offline. Public material only, so no key is needed and it may be cached.
 */
export function offerKeysRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/v1/offer-keys',
      access: { kind: 'public' },
      handlers: [
        async (_req, res) => {
          const reply = await clients.booking.listOfferKeys({}, callOptions(res));
          const keys = reply.keys.map(({ kid, x, active }) => ({
            kty: 'OKP',
            crv: 'Ed25519',
            x,
            kid,
            alg: 'EdDSA',
            use: 'sig',
            active,
          }));
          res.setHeader('Cache-Control', `public, max-age=${CACHE_SECONDS}`);
          res.json(OfferKeySet.parse({ keys }));
        },
      ],
    },
  ];
}

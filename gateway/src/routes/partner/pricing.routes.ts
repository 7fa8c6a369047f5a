import type { ServiceClients } from '../../clients/service-clients';
import { partnerKeyOf } from '../../http/request-context';
import type { RouteDefinition } from '../../http/route-table';
import { partnerQuoteQuery } from '../common/partner-contract/operations';
import { answerQuote } from '../common/quote';

/** `GET /pricing/quote` (scope `pricing:read`): a supplier amount priced for the caller's tenant. */
export function pricingRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/v1/pricing/quote',
      access: { kind: 'partner', scope: 'pricing:read' },
      handlers: [
        (req, res) =>
          answerQuote(clients, req, res, partnerKeyOf(res).tenantId ?? undefined, partnerQuoteQuery),
      ],
    },
  ];
}

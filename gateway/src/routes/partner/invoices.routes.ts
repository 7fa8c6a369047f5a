import { AppError } from '@travel/errors';
import type { Request } from 'express';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { invoiceIdParams, pageQuery } from '../common/partner-contract/operations';
import { presentInvoice } from './invoice-presenters';

const reads = { kind: 'partner', scope: 'invoices:read', tenantLinked: true } as const;

/** `GET /invoices`, `GET /invoices/{id}`: the tenant's invoices once sent (live data; a test key sees none). */
export function invoicesRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/v1/invoices',
      access: reads,
      handlers: [
        async (req, res) => {
          const { limit, cursor } = validate(pageQuery, req.query, 'query');
          const reply = await clients.billing.listPartnerInvoices(
            { caller: callerOf(res), limit, cursor },
            callOptions(res),
          );
          res.json(listBody(reply.invoices.map(presentInvoice), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/v1/invoices/:id',
      access: reads,
      handlers: [
        async (req, res) => {
          const reply = await clients.billing.getPartnerInvoice(
            { caller: callerOf(res), id: invoiceIdOf(req) },
            callOptions(res),
          );
          res.json(dataBody(presentInvoice(reply.invoice)));
        },
      ],
    },
  ];
}

/** An id that is not `inv_<n>` names no invoice: 404 without asking the service. */
function invoiceIdOf(req: Request): string {
  const id = String(req.params.id);
  if (!invoiceIdParams.shape.id.safeParse(id).success) throw new AppError('not_found', `No invoice ${id}.`);
  return id;
}

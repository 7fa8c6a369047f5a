import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import { requireTenant } from '../../http/references';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { idempotentHandler, markReplayed, readIdempotentChange } from '../common/idempotency';
import { stringParam } from '../common/params';
import { pageQuery } from '../common/partner-contract/operations';
import {
  createInvoiceBody,
  listInvoicesQuery,
  recordPaymentBody,
  updateInvoiceBody,
} from './invoices.contract';
import { presentInvoice } from './presenters';

const platform: RouteAccess = { kind: 'staff', platformOnly: true, right: 'tenants' };
const ownTenant: RouteAccess = { kind: 'staff', tenantOnly: true, right: 'billing' };

/** Invoices: the platform's billing desk (right `tenants`) and a tenant's own list (right `billing`). */
export function invoiceRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.billing;
  return [
    {
      method: 'get',
      path: '/api/admin/invoices/mine',
      access: ownTenant,
      handlers: [
        async (req, res) => {
          const { limit, cursor } = validate(pageQuery, req.query, 'query');
          // Billing holds tenant staff to their own tenant's sent invoices.
          const reply = await api.listInvoices({ caller: callerOf(res), limit, cursor }, callOptions(res));
          res.json(listBody(reply.invoices.map(presentInvoice), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/admin/invoices',
      access: platform,
      handlers: [
        async (req, res) => {
          const { limit, cursor, tenantId } = validate(listInvoicesQuery, req.query, 'query');
          const reply = await api.listInvoices(
            { caller: callerOf(res), tenantId, limit, cursor },
            callOptions(res),
          );
          res.json(listBody(reply.invoices.map(presentInvoice), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/invoices',
      access: platform,
      handlers: [
        async (req, res) => {
          const body = validate(createInvoiceBody, req.body);
          // An unknown tenant is 404 from identity; billing holds no tenant list of its own.
          await requireTenant(clients, res, body.tenantId);
          const reply = await api.createInvoice({ caller: callerOf(res), ...body }, callOptions(res));
          res.status(201).json(dataBody(presentInvoice(reply.invoice)));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/admin/invoices/:id',
      access: platform,
      handlers: [
        async (req, res) => {
          const reply = await api.getInvoice(
            { caller: callerOf(res), id: stringParam(req, 'id') },
            callOptions(res),
          );
          res.json(dataBody(presentInvoice(reply.invoice)));
        },
      ],
    },
    {
      method: 'put',
      path: '/api/admin/invoices/:id',
      access: platform,
      handlers: [
        async (req, res) => {
          const { status } = validate(updateInvoiceBody, req.body);
          const reply = await api.updateInvoice(
            { caller: callerOf(res), id: stringParam(req, 'id'), status },
            callOptions(res),
          );
          res.json(dataBody(presentInvoice(reply.invoice)));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/invoices/:id/payments',
      access: platform,
      handlers: [
        idempotentHandler(async (req, res) => {
          const invoiceId = stringParam(req, 'id');
          const { body, idempotency } = readIdempotentChange(recordPaymentBody, req, {
            required: true,
            target: { invoiceId },
          });
          const reply = await api.recordPayment(
            {
              caller: callerOf(res),
              invoiceId,
              ...body,
              receivedAt: body.receivedAt === undefined ? undefined : new Date(body.receivedAt),
              idempotencyKey: idempotency?.key,
              requestFingerprint: idempotency?.requestFingerprint,
            },
            callOptions(res),
          );
          markReplayed(res, reply.replayed);
          res.status(201).json(dataBody(presentInvoice(reply.invoice)));
        }),
      ],
    },
  ];
}

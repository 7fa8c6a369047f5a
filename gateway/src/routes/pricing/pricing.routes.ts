import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, pageInDataBody } from '../../http/envelope';
import { requireTenant } from '../../http/references';
import { staffOf } from '../../http/request-context';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { directoryPageQuery } from '../common/internal-components';
import { stringParam } from '../common/params';
import { answerQuote } from '../common/quote';
import { presentRule } from './presenters';
import {
  createPricingRuleBody,
  staffQuoteQuery,
  storefrontQuoteQuery,
  updatePricingRuleBody,
} from './pricing.contract';

const rules: RouteAccess = { kind: 'staff', platformOnly: true, right: 'pricing' };
/** Pricing rules (platform only, right `pricing`), the staff quote (right `bookings`) and the storefront quote. */
export function pricingAdminRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.pricing;
  return [
    {
      method: 'get',
      path: '/api/pricing/rules',
      access: rules,
      handlers: [
        async (req, res) => {
          const page = validate(directoryPageQuery, req.query, 'query');
          const reply = await api.listRules({ caller: callerOf(res), ...page }, callOptions(res));
          res.json(
            pageInDataBody(
              {
                rules: reply.rules.map(presentRule),
                effectiveDefaults: reply.effectiveDefaults.map(({ kind, tenantId, service, bps: value }) => ({
                  kind,
                  tenantId: tenantId ?? null,
                  service: service ?? null,
                  bps: value,
                })),
              },
              reply.nextCursor ?? null,
            ),
          );
        },
      ],
    },
    {
      method: 'post',
      path: '/api/pricing/rules',
      access: rules,
      handlers: [
        async (req, res) => {
          const body = validate(createPricingRuleBody, req.body);
          // Pricing knows no tenants: a tenant's margin is stored only for one identity knows (404).
          if (body.tenantId) await requireTenant(clients, res, body.tenantId);
          const reply = await api.createRule(
            {
              caller: callerOf(res),
              kind: body.kind,
              tenantId: body.tenantId ?? undefined,
              service: body.service ?? undefined,
              bps: body.bps,
            },
            callOptions(res),
          );
          res.status(201).json(dataBody(presentRule(reply.rule)));
        },
      ],
    },
    {
      method: 'put',
      path: '/api/pricing/rules/:id',
      access: rules,
      handlers: [
        async (req, res) => {
          const { bps: value } = validate(updatePricingRuleBody, req.body);
          const reply = await api.updateRule(
            { caller: callerOf(res), id: stringParam(req, 'id'), bps: value },
            callOptions(res),
          );
          res.json(dataBody(presentRule(reply.rule)));
        },
      ],
    },
    {
      method: 'delete',
      path: '/api/pricing/rules/:id',
      access: rules,
      handlers: [
        async (req, res) => {
          const id = stringParam(req, 'id');
          await api.deleteRule({ caller: callerOf(res), id }, callOptions(res));
          res.json(dataBody({ id, deleted: true }));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/pricing/admin/quote',
      access: { kind: 'staff', right: 'bookings' },
      handlers: [
        (req, res) => {
          // Tenant staff always see their own tenant's price; platform staff may name a tenant.
          const staff = staffOf(res);
          const asked = typeof req.query.tenantId === 'string' ? req.query.tenantId : undefined;
          return answerQuote(clients, req, res, staff.tenantId ?? asked, staffQuoteQuery);
        },
      ],
    },
    {
      method: 'get',
      path: '/api/pricing/quote',
      access: { kind: 'public' },
      handlers: [(req, res) => answerQuote(clients, req, res, undefined, storefrontQuoteQuery)],
    },
  ];
}

import type { reports } from '@travel/contracts';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteDefinition } from '../../http/route-table';
import { STOREFRONT_SCOPE, type TenantScope, tenantScopeOf } from '../../http/tenant-scope';
import { validate } from '../../http/validate';
import { periodOf } from './report-requests';
import { destinationsQuery, salesQuery, searchLogBody } from './reports.contract';

/** Storefront search logs per client address: a shopper searches far less often than this. */
export const SEARCH_LOG_LIMIT = { name: 'search-logs', limit: 60, windowSeconds: 60 };

/**
 * Reports (docs/decisions/reports.md, "Reports"): the storefront's search logs (public,
 * limited per address) and the sales and popular-destinations read models (any staff; tenant staff see
 * their own tenant). Reads only: nothing here changes a record a console owns, so nothing is audited.
 */
export function reportRoutes({
  clients,
  now,
}: {
  clients: ServiceClients;
  now: () => Date;
}): RouteDefinition[] {
  const api = clients.reports;
  return [
    {
      method: 'post',
      path: '/api/search-logs',
      access: { kind: 'public', limit: SEARCH_LOG_LIMIT },
      handlers: [
        async (req, res) => {
          const search = validate(searchLogBody, req.body);
          const reply = await api.recordSearch({ search }, callOptions(res));
          res.status(201).json(dataBody({ ...reply, at: reply.at?.toISOString() ?? null }));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/admin/sales',
      access: { kind: 'staff' },
      handlers: [
        async (req, res) => {
          const query = validate(salesQuery, req.query, 'query');
          const scope = await tenantScopeOf(clients, res, query.tenantId);
          const period = periodOf(query, now());
          const reply = await api.getSales(
            { caller: callerOf(res), tenantId: tenantNamed(scope), ...period, service: query.service },
            callOptions(res),
          );
          res.json(
            dataBody({
              ...period,
              service: query.service ?? null,
              tenantId: scope.all ? null : scope.tenantId || STOREFRONT_SCOPE,
              currency: 'INR',
              rows: reply.rows.map(presentSalesRow),
              totals: figuresOf(reply.totals),
            }),
          );
        },
      ],
    },
    {
      method: 'get',
      path: '/api/admin/analytics/popular-destinations',
      access: { kind: 'staff' },
      handlers: [
        async (req, res) => {
          const query = validate(destinationsQuery, req.query, 'query');
          const scope = await tenantScopeOf(clients, res, query.tenantId);
          const period = periodOf(query, now());
          const reply = await api.getPopularDestinations(
            {
              caller: callerOf(res),
              tenantId: tenantNamed(scope),
              ...period,
              service: query.service,
              limit: query.limit,
            },
            callOptions(res),
          );
          res.json(listBody(reply.destinations));
        },
      ],
    },
  ];
}

function presentSalesRow(row: reports.SalesRow) {
  return { day: row.day, service: row.service, tenantId: row.tenantId ?? null, ...figuresOf(row.figures) };
}

function figuresOf(figures: reports.SalesFigures | undefined) {
  return {
    bookings: figures?.bookings ?? 0,
    bookedAmount: figures?.bookedAmount ?? 0,
    cancellations: figures?.cancellations ?? 0,
    cancelledAmount: figures?.cancelledAmount ?? 0,
    netBookings: figures?.netBookings ?? 0,
    netAmount: figures?.netAmount ?? 0,
  };
}

/** The tenant filter as the reports service takes it (it checks the caller's tenant again). */
function tenantNamed(scope: TenantScope): string | undefined {
  return scope.all ? undefined : scope.tenantId || STOREFRONT_SCOPE;
}

import { badRequest } from '@travel/errors';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import { requireTenant } from '../../http/references';
import { staffOf } from '../../http/request-context';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { stringParam } from '../common/params';
import { pageQuery } from '../common/partner-contract/operations';
import {
  createLeadBody,
  createQueryBody,
  listLeadsQuery,
  replyToLeadBody,
  replyToQueryBody,
  updateLeadBody,
} from './leads.contract';
import { presentLead, presentQuery } from './presenters';

/**
 * Leads and queries take an admin token and no right: any staff member. Tenant staff work on their own tenant's
 * leads; the platform on every lead (docs/decisions/engagement.md, "Who may call what").
 */
const anyStaff: RouteAccess = { kind: 'staff' };
const tenantStaff: RouteAccess = { kind: 'staff', tenantOnly: true };
const platformStaff: RouteAccess = { kind: 'staff', platformOnly: true };

/** Leads (any staff, tenant-scoped) and support queries (tenant staff ask, the platform answers). */
export function leadRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.engagement;
  return [
    {
      method: 'get',
      path: '/api/admin/leads',
      access: anyStaff,
      handlers: [
        async (req, res) => {
          const { limit, cursor, status, tenantId } = validate(listLeadsQuery, req.query, 'query');
          const reply = await api.listLeads(
            { caller: callerOf(res), page: { limit, cursor }, status, tenantId },
            callOptions(res),
          );
          res.json(listBody(reply.leads.map(presentLead), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/leads',
      access: anyStaff,
      handlers: [
        async (req, res) => {
          const { tenantId, ...body } = validate(createLeadBody, req.body);
          const own = staffOf(res).tenantId;
          // Tenant staff always create for their own tenant; naming another is not theirs to do.
          if (own !== null && tenantId !== undefined && tenantId !== own)
            throw badRequest([
              { path: 'tenantId', message: 'tenant staff create leads for their own tenant only' },
            ]);
          if (own === null && tenantId !== undefined) await requireTenant(clients, res, tenantId);
          const reply = await api.createLead(
            { caller: callerOf(res), tenantId: own ?? tenantId, ...body },
            callOptions(res),
          );
          res.status(201).json(dataBody(presentLead(reply.lead)));
        },
      ],
    },
    {
      method: 'put',
      path: '/api/admin/leads/:id',
      access: anyStaff,
      handlers: [
        async (req, res) => {
          const body = validate(updateLeadBody, req.body);
          const id = stringParam(req, 'id');
          const reply = await api.updateLead({ caller: callerOf(res), id, ...body }, callOptions(res));
          res.json(dataBody(presentLead(reply.lead)));
        },
      ],
    },
    {
      method: 'delete',
      path: '/api/admin/leads/:id',
      access: anyStaff,
      handlers: [
        async (req, res) => {
          const id = stringParam(req, 'id');
          await api.deleteLead({ caller: callerOf(res), id }, callOptions(res));
          res.json(dataBody({ id, deleted: true }));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/leads/:id/reply',
      access: anyStaff,
      handlers: [
        async (req, res) => {
          const body = validate(replyToLeadBody, req.body);
          const id = stringParam(req, 'id');
          const reply = await api.replyToLead({ caller: callerOf(res), id, ...body }, callOptions(res));
          res.status(201).json(dataBody(presentLead(reply.lead)));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/admin/queries/mine',
      access: anyStaff,
      handlers: [
        async (req, res) => {
          const { limit, cursor } = validate(pageQuery, req.query, 'query');
          const reply = await api.listQueries(
            { caller: callerOf(res), page: { limit, cursor } },
            callOptions(res),
          );
          res.json(listBody(reply.queries.map(presentQuery), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/queries',
      access: tenantStaff,
      handlers: [
        async (req, res) => {
          const body = validate(createQueryBody, req.body);
          const reply = await api.createQuery({ caller: callerOf(res), ...body }, callOptions(res));
          res.status(201).json(dataBody(presentQuery(reply.query)));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/queries/:id/reply',
      access: platformStaff,
      handlers: [
        async (req, res) => {
          const body = validate(replyToQueryBody, req.body);
          const id = stringParam(req, 'id');
          const reply = await api.replyToQuery({ caller: callerOf(res), id, ...body }, callOptions(res));
          res.status(201).json(dataBody(presentQuery(reply.query)));
        },
      ],
    },
  ];
}

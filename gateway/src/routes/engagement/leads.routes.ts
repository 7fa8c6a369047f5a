import { badRequest } from '@travel/errors';
import { z } from 'zod';
import type { ServiceClients } from '../../clients/service-clients';
import { actorOf, callOptions } from '../../http/calls';
import { emailAddress } from '../../http/email';
import { dataBody, listBody } from '../../http/envelope';
import { recordAudit } from '../../http/record-audit';
import { staffOf } from '../../http/request-context';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { stringParam } from '../admin/params';
import { listBookingsQuery as pageQuery } from '../partner/booking-requests';
import { engagementActor } from './calls';
import { presentLead, presentQuery } from './presenters';

/**
 * internal-api.md §4 lists leads and queries with an admin token and no permission: any staff member. Tenant
 * staff work on their own tenant's leads; the platform on every lead (decisions.md "Who may call what").
 */
const anyStaff: RouteAccess = { kind: 'staff' };
const tenantStaff: RouteAccess = { kind: 'staff', tenantOnly: true };
const platformStaff: RouteAccess = { kind: 'staff', platformOnly: true };

const contact = {
  name: z.string().trim().min(1).max(200),
  email: emailAddress(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,30}$/, 'must be a phone number'),
  company: z.string().trim().min(1).max(200),
};
const leadCreate = z.strictObject({
  ...contact,
  email: contact.email.optional(),
  phone: contact.phone.optional(),
  company: contact.company.optional(),
  message: z.string().trim().min(1).max(5000).optional(),
  /** Platform only: the tenant the lead is for; absent, the platform's own. */
  tenantId: z.string().trim().min(1).max(100).optional(),
});
const leadUpdate = z
  .strictObject({ ...contact, status: z.enum(['new', 'contacted', 'won', 'lost']) })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'must change at least one field');
const leadList = pageQuery.extend({
  status: z.enum(['new', 'contacted', 'won', 'lost']).optional(),
  tenantId: z.string().min(1).max(100).optional(),
});
const leadReply = z.strictObject({
  subject: z.string().trim().min(1).max(200).optional(),
  message: z.string().trim().min(1).max(20_000),
});
const queryCreate = z.strictObject({
  subject: z.string().trim().min(1).max(200),
  message: z.string().trim().min(1).max(20_000),
});
const queryReply = z.strictObject({ message: z.string().trim().min(1).max(20_000) });

/** Leads (any staff, tenant-scoped) and support queries (tenant staff ask, the platform answers). */
export function leadRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.engagement;
  const audit = (res: Parameters<typeof recordAudit>[1], action: string, targetId: string, details = {}) =>
    recordAudit(clients, res, { action, targetType: action.split('.')[0] ?? '', targetId, details });
  return [
    {
      method: 'get',
      path: '/api/admin/leads',
      access: anyStaff,
      handlers: [
        async (req, res) => {
          const { limit, cursor, status, tenantId } = validate(leadList, req.query, 'query');
          const reply = await api.listLeads(
            { actor: engagementActor(res), page: { limit, cursor }, status, tenantId },
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
          const { tenantId, ...body } = validate(leadCreate, req.body);
          const own = staffOf(res).tenantId;
          // Tenant staff always create for their own tenant; naming another is not theirs to do.
          if (own !== null && tenantId !== undefined && tenantId !== own)
            throw badRequest([
              { path: 'tenantId', message: 'tenant staff create leads for their own tenant only' },
            ]);
          if (own === null && tenantId !== undefined)
            await clients.tenants.getTenant({ actor: actorOf(res), id: tenantId }, callOptions(res));
          const reply = await api.createLead(
            { actor: engagementActor(res), tenantId: own ?? tenantId, ...body },
            callOptions(res),
          );
          await audit(res, 'lead.created', reply.lead?.id ?? '', { tenantId: reply.lead?.tenantId ?? null });
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
          const body = validate(leadUpdate, req.body);
          const id = stringParam(req, 'id');
          const reply = await api.updateLead({ actor: engagementActor(res), id, ...body }, callOptions(res));
          await audit(res, 'lead.updated', id, body);
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
          await api.deleteLead({ actor: engagementActor(res), id }, callOptions(res));
          await audit(res, 'lead.deleted', id);
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
          const body = validate(leadReply, req.body);
          const id = stringParam(req, 'id');
          const reply = await api.replyToLead({ actor: engagementActor(res), id, ...body }, callOptions(res));
          await audit(res, 'lead.replied', id, { subject: body.subject ?? null });
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
            { actor: engagementActor(res), page: { limit, cursor } },
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
          const body = validate(queryCreate, req.body);
          const reply = await api.createQuery({ actor: engagementActor(res), ...body }, callOptions(res));
          await audit(res, 'query.created', reply.query?.id ?? '', { subject: body.subject });
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
          const body = validate(queryReply, req.body);
          const id = stringParam(req, 'id');
          const reply = await api.replyToQuery(
            { actor: engagementActor(res), id, ...body },
            callOptions(res),
          );
          await audit(res, 'query.replied', id);
          res.status(201).json(dataBody(presentQuery(reply.query)));
        },
      ],
    },
  ];
}

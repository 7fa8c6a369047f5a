import { z } from 'zod';
import type { ServiceClients } from '../../clients/service-clients';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import { recordAudit } from '../../http/record-audit';
import { staffOf } from '../../http/request-context';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { tenantInScope } from '../../http/tenant-scope';
import { validate } from '../../http/validate';
import { listBookingsQuery as pageQuery } from '../partner/booking-requests';
import { presentPolicy } from './presenters';
import { ownerScope } from './vendors.routes';

// No right is listed: any staff member, with the tenant rules of the vendors.
const staff: RouteAccess = { kind: 'staff' };
const createSchema = z.strictObject({
  tenantId: z.string().min(1).max(100).optional(),
  insurer: z.string().trim().min(1).max(120),
  name: z.string().trim().min(1).max(120),
  coverage: z.number().int().min(1).max(1_000_000_000),
  premiumBps: z.number().int().min(1).max(10_000),
  description: z.string().trim().min(1).max(2000).optional(),
});
const listQuery = pageQuery.extend({ tenantId: z.string().min(1).max(100).optional() });

/** Travel-insurance products, each priced through pricing (service `insurance`) when read. */
export function insurancePolicyRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.supply;
  return [
    {
      method: 'get',
      path: '/api/admin/insurance-policies',
      access: staff,
      handlers: [
        async (req, res) => {
          const query = validate(listQuery, req.query, 'query');
          const owner = await ownerScope(clients, res, query.tenantId);
          const reply = await api.listInsurancePolicies(
            { ...query, tenantId: owner.tenantId, allOwners: owner.any },
            callOptions(res),
          );
          res.json(listBody(reply.policies.map(presentPolicy), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/insurance-policies',
      access: staff,
      handlers: [
        async (req, res) => {
          const body = validate(createSchema, req.body);
          const tenantId = await tenantInScope(clients, res, body.tenantId);
          const reply = await api.createInsurancePolicy(
            { actorUserId: staffOf(res).userId, ...body, tenantId },
            callOptions(res),
          );
          const policy = presentPolicy(reply.policy);
          await recordAudit(clients, res, {
            action: 'insurance_policy.created',
            targetType: 'insurance_policy',
            targetId: policy.id,
            details: { tenantId: policy.tenantId, insurer: policy.insurer, name: policy.name },
          });
          res.status(201).json(dataBody(policy));
        },
      ],
    },
  ];
}

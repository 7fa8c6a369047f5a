import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { tenantInScope } from '../../http/tenant-scope';
import { validate } from '../../http/validate';
import { createInsurancePolicyBody, listInsurancePoliciesQuery } from './insurance-policies.contract';
import { presentPolicy } from './presenters';
import { ownerScope } from './vendors.routes';

// No right is listed: any staff member, with the tenant rules of the vendors.
const staff: RouteAccess = { kind: 'staff' };

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
          const query = validate(listInsurancePoliciesQuery, req.query, 'query');
          const owner = await ownerScope(clients, res, query.tenantId);
          const reply = await api.listInsurancePolicies(
            { caller: callerOf(res), ...query, tenantId: owner.tenantId, allOwners: owner.any },
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
          const body = validate(createInsurancePolicyBody, req.body);
          const tenantId = await tenantInScope(clients, res, body.tenantId);
          const reply = await api.createInsurancePolicy(
            { caller: callerOf(res), ...body, tenantId },
            callOptions(res),
          );
          const policy = presentPolicy(reply.policy);
          res.status(201).json(dataBody(policy));
        },
      ],
    },
  ];
}

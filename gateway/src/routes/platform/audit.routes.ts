import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { listBody } from '../../http/envelope';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { auditQuery } from './audit.contract';
import { presentAuditEntry } from './presenters';

/** Sign-ins and administrative changes, newest first (platform only, right `audit`). */
export function auditRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/admin/audit',
      access: { kind: 'staff', platformOnly: true, right: 'audit' },
      handlers: [
        async (req, res) => {
          const { limit, cursor } = validate(auditQuery, req.query, 'query');
          const reply = await clients.audit.listAuditEntries(
            { caller: callerOf(res), limit, cursor },
            callOptions(res),
          );
          res.json(listBody(reply.entries.map(presentAuditEntry), reply.nextCursor ?? null));
        },
      ],
    },
  ];
}

import { z } from 'zod';
import type { ServiceClients } from '../../clients/service-clients';
import { actorOf, callOptions } from '../../http/calls';
import { listBody } from '../../http/envelope';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { presentAuditEntry } from './presenters';

const querySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().min(1).max(200).optional(),
});

/** Sign-ins and administrative changes, newest first (platform only, right `audit`). */
export function auditRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/admin/audit',
      access: { kind: 'staff', platformOnly: true, right: 'audit' },
      handlers: [
        async (req, res) => {
          const { limit, cursor } = validate(querySchema, req.query, 'query');
          const reply = await clients.audit.listAuditEntries(
            { actor: actorOf(res), limit, cursor },
            callOptions(res),
          );
          res.json(listBody(reply.entries.map(presentAuditEntry), reply.nextCursor ?? null));
        },
      ],
    },
  ];
}

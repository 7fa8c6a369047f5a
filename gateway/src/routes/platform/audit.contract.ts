import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { pageOf } from '../common/partner-contract/operations';

// The audit route's schemas (audit.routes.ts validates with them); their words are in internal.texts.yaml.

/**
 * Not the partner `pageQuery`: this list has always refused unknown parameters and read `limit` as any
 * number (`limit=1e1` is 10), and keeps doing so.
 */
export const auditQuery = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(25)
    .meta({ description: 'Page size, 1 to 100 (default 25); outside that range is `400 bad_request`.' }),
  cursor: z
    .string()
    .min(1)
    .max(200)
    .meta({
      description: '`nextCursor` of the previous page, unchanged. An invalid cursor is `400 bad_request`.',
      'x-rule': 'a nextCursor this list returned',
    })
    .optional(),
});

export const AuditEntry = z.strictObject({
  id: z.string().regex(/^aud_/),
  at: z.iso.datetime(),
  actor: z
    .strictObject({
      userId: z.string().nullable(),
      email: z.string(),
      tenantId: z.string().nullable(),
    })
    .meta({
      description: 'Who. A failed sign-in with an unknown email has no user; `email` is then what was typed.',
    }),
  action: z.string().meta({
    description:
      'Dotted: `auth.login`, `auth.login_failed`, `api_key.revoked`, `tenant.created`, `tenant.viewed` (a platform member read the tenant), ...',
  }),
  target: z
    .strictObject({ type: z.string(), id: z.string() })
    .meta({ description: 'The resource concerned.' }),
  details: z
    .record(z.string(), z.unknown())
    .meta({ description: 'What changed; never a secret or a password.' }),
  ip: z.string(),
  requestId: z.string(),
});

export const auditContract = {
  operations: defineOperations({
    listAuditEntries: {
      method: 'get',
      path: '/admin/audit',
      query: auditQuery,
      responses: { '200': pageOf(AuditEntry) },
    },
  }),
  components: { AuditEntry },
};

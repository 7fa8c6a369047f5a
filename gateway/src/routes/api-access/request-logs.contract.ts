import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { dataOf, pageOf, pageQuery } from '../common/partner-contract/operations';

// The request log of partner calls (request-logs.routes.ts validates with these), read from the platform's
// API-access console and the tenant's API console; the words are in internal.texts.yaml, the rules in
// docs/access.md "Request log".

const when = (description: string) => z.iso.datetime({ offset: true }).meta({ description }).optional();

const requestLogFilters = {
  environment: z.enum(['live', 'test']).optional().meta({ description: "Only calls of the mode's keys." }),
  keyId: z.string().min(1).max(100).optional().meta({ description: 'Only calls made with this key.' }),
  statusClass: z
    .enum(['2xx', '3xx', '4xx', '5xx'])
    .optional()
    .meta({ description: 'Only calls answered with a status of this class.' }),
  route: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: 'Only calls of this route template, e.g. `/api/v1/bookings/:id`.' }),
  method: z
    .enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
    .optional()
    .meta({ description: 'Only calls with this method.' }),
  from: when('Only calls answered at or after this time (ISO 8601).'),
  to: when('Only calls answered before this time (ISO 8601).'),
};

/** The tenant's list: its own calls. */
export const ownRequestLogsQuery = z.strictObject({ ...pageQuery.shape, ...requestLogFilters });

/** The platform's list: every tenant's calls, or one tenant's. */
export const requestLogsQuery = z.strictObject({
  ...pageQuery.shape,
  tenantId: z.string().min(1).max(100).optional().meta({
    description: "Only this tenant's calls (`404` when there is no such tenant).",
    'x-rule': 'an existing tenant',
  }),
  ...requestLogFilters,
});

/** A request id as the gateway echoes one; anything else names no call (`404`). */
export const requestIdParams = z.object({
  requestId: z.string().meta({
    description: 'The `X-Request-Id` the call was answered with; anything else names no call (`404`).',
  }),
});

export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,100}$/;

export const RequestLog = z
  .strictObject({
    requestId: z.string(),
    at: z.iso.datetime().meta({ description: 'When the answer was sent.' }),
    clientId: z.number().int(),
    keyId: z.string(),
    tenantId: z
      .string()
      .nullable()
      .meta({ description: "The client's tenant then; null for a client linked to none." }),
    environment: z.enum(['live', 'test']),
    method: z.string(),
    route: z.string().meta({ description: 'The route template, e.g. `/api/v1/bookings/:id`.' }),
    path: z.string().meta({ description: 'The path as called, without its query string.' }),
    status: z.number().int(),
    latencyMs: z.number().min(0),
    clientAddress: z.string().meta({ description: "The caller's address as the gateway resolved it." }),
    idempotencyKey: z
      .string()
      .nullable()
      .meta({ description: 'The `Idempotency-Key` sent; null when none.' }),
    error: z
      .object({
        error: z.object({
          code: z.string(),
          message: z.string(),
          requestId: z.string(),
          details: z.unknown(),
        }),
      })
      .nullable()
      .meta({
        description:
          'For a failed call (400 or more), the error envelope it answered (partner API `ErrorEnvelope`; past 4 KiB, its\n' +
          'code, message and request id alone); null for a success.\n',
      }),
  })
  .meta({
    description:
      'One partner API call; never a secret, a header but the idempotency key, a query string or a body.',
    examples: [
      {
        requestId: 'req_4f1c9a2b7e3d4c5a8b9e0f1a2b3c4d5e',
        at: '2026-11-30T09:15:02.120Z',
        clientId: 7,
        keyId: 'key_9QxT2b',
        tenantId: 'ten_3',
        environment: 'live',
        method: 'GET',
        route: '/api/v1/bookings/:id',
        path: '/api/v1/bookings/bkg_missing',
        status: 404,
        latencyMs: 4.2,
        clientAddress: '203.0.113.7',
        idempotencyKey: null,
        error: {
          error: {
            code: 'not_found',
            message: 'No booking bkg_missing.',
            requestId: 'req_4f1c9a2b7e3d4c5a8b9e0f1a2b3c4d5e',
            details: null,
          },
        },
      },
    ],
  });

export const RequestLogBody = dataOf(RequestLog);

export const requestLogsContract = {
  operations: defineOperations({
    listRequestLogs: {
      method: 'get',
      path: '/admin/api-access/request-logs',
      query: requestLogsQuery,
      responses: { '200': pageOf(RequestLog) },
    },
    getRequestLog: {
      method: 'get',
      path: '/admin/api-access/request-logs/{requestId}',
      params: requestIdParams,
      responses: { '200': RequestLogBody },
    },
    listOwnRequestLogs: {
      method: 'get',
      path: '/admin/api-console/request-logs',
      query: ownRequestLogsQuery,
      responses: { '200': pageOf(RequestLog) },
    },
    getOwnRequestLog: {
      method: 'get',
      path: '/admin/api-console/request-logs/{requestId}',
      params: requestIdParams,
      responses: { '200': RequestLogBody },
    },
  }),
  components: { RequestLog },
  responses: { RequestLog: RequestLogBody },
};

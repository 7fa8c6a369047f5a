import type { apiRequestLog } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { Request, Response } from 'express';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { tenantInScope } from '../../http/tenant-scope';
import { validate } from '../../http/validate';
import { stringParam } from '../common/params';
import { ownRequestLogsQuery, REQUEST_ID_PATTERN, requestLogsQuery } from './request-logs.contract';

const platform: RouteAccess = { kind: 'staff', platformOnly: true, right: 'api-access' };
const tenant: RouteAccess = { kind: 'staff', tenantOnly: true, right: 'api-console' };

type Filters = ReturnType<typeof ownRequestLogsQuery.parse>;

/**
 * The request log (docs/access.md, "Request log"): the platform reads every tenant's partner calls or one
 * tenant's (`/api/admin/api-access/request-logs`), tenant staff their own tenant's (`/api/admin/api-console/…`;
 * identity holds them to it again). Newest first, filtered, paged; one call by its request id.
 */
export function requestLogRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const list = async (res: Response, tenantId: string | undefined, filters: Filters) => {
    const { statusClass, from, to, ...rest } = filters;
    const reply = await clients.apiAccess.listRequestLogs(
      {
        caller: callerOf(res),
        tenantId,
        ...rest,
        statusClass: statusClass === undefined ? undefined : Number(statusClass[0]),
        from: from === undefined ? undefined : new Date(from),
        to: to === undefined ? undefined : new Date(to),
      },
      callOptions(res),
    );
    res.json(listBody(reply.entries.map(presentRequestLog), reply.nextCursor ?? null));
  };
  const getOne = async (req: Request, res: Response) => {
    const requestId = stringParam(req, 'requestId');
    if (!REQUEST_ID_PATTERN.test(requestId))
      throw new AppError('not_found', `No call with request id ${requestId}.`);
    const reply = await clients.apiAccess.getRequestLog(
      { caller: callerOf(res), requestId },
      callOptions(res),
    );
    if (!reply.entry) throw new Error('identity answered no request log entry');
    res.json(dataBody(presentRequestLog(reply.entry)));
  };
  return [
    {
      method: 'get',
      path: '/api/admin/api-access/request-logs',
      access: platform,
      handlers: [
        async (req, res) => {
          const { tenantId, ...filters } = validate(requestLogsQuery, req.query, 'query');
          await list(res, await tenantInScope(clients, res, tenantId), filters);
        },
      ],
    },
    {
      method: 'get',
      path: '/api/admin/api-access/request-logs/:requestId',
      access: platform,
      handlers: [getOne],
    },
    {
      method: 'get',
      path: '/api/admin/api-console/request-logs',
      access: tenant,
      // Identity answers the caller's own tenant's calls whatever is asked.
      handlers: [async (req, res) => list(res, undefined, validate(ownRequestLogsQuery, req.query, 'query'))],
    },
    {
      method: 'get',
      path: '/api/admin/api-console/request-logs/:requestId',
      access: tenant,
      handlers: [getOne],
    },
  ];
}

export function presentRequestLog(entry: apiRequestLog.ApiRequest) {
  return {
    requestId: entry.requestId,
    at: (entry.at ?? new Date(0)).toISOString(),
    clientId: entry.clientId,
    keyId: entry.keyId,
    tenantId: entry.tenantId === '' ? null : entry.tenantId,
    environment: entry.environment,
    method: entry.method,
    route: entry.route,
    path: entry.path,
    status: entry.status,
    latencyMs: entry.latencyMs,
    clientAddress: entry.clientAddress,
    idempotencyKey: entry.idempotencyKey === '' ? null : entry.idempotencyKey,
    error: entry.errorEnvelope === '' ? null : JSON.parse(entry.errorEnvelope),
  };
}

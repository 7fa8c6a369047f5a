import { api, listOutcomeOf, type Outcome, outcomeOf, type Schemas } from '../api/client';
import type { operations } from '../api/internal';

export type RequestLog = Schemas['RequestLog'];
/** The filters both request-log lists take (the tenant's and the platform's). */
export type RequestLogQuery = NonNullable<operations['listOwnRequestLogs']['parameters']['query']>;

const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** A value of the URL kept only when it is one the API takes (a hand-edited URL must not become a 400). */
function oneOf<T extends string>(values: readonly T[], value: string): T | undefined {
  return (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

export const statusClassOf = (value: string) => oneOf(STATUS_CLASSES, value);
export const methodOf = (value: string) => oneOf(METHODS, value);

/**
 * One page of the request log: the tenant's own (`/admin/api-console/request-logs`) for its staff, the platform's
 * narrowed to the chosen tenant for platform staff.
 */
export async function listRequestLogs(
  scope: { platform: boolean; tenantId: string },
  query: RequestLogQuery,
): Promise<Outcome<RequestLog[]>> {
  if (scope.platform)
    return listOutcomeOf(
      await api.GET('/admin/api-access/request-logs', {
        params: { query: { ...query, tenantId: scope.tenantId } },
      }),
    );
  return listOutcomeOf(await api.GET('/admin/api-console/request-logs', { params: { query } }));
}

/** One call by its request id, of the tenant (or, for platform staff, of any tenant). */
export async function getRequestLog(
  scope: { platform: boolean },
  requestId: string,
): Promise<Outcome<RequestLog>> {
  const path = { params: { path: { requestId } } };
  return scope.platform
    ? outcomeOf(await api.GET('/admin/api-access/request-logs/{requestId}', path))
    : outcomeOf(await api.GET('/admin/api-console/request-logs/{requestId}', path));
}

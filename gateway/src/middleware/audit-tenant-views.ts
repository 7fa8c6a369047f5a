import { AppError, isAppError } from '@travel/errors';
import type { Request, RequestHandler, Response } from 'express';
import { TENANT_ID, type TenantView, type TenantViewAudit } from '../access/tenant-view-audit';
import { callerOf } from '../http/caller';
import { callOptions } from '../http/calls';
import { requestContextOf, staffOf } from '../http/request-context';
import { forAccess } from './for-access';

/**
 * Staff routes, after the access check: a platform member reading one tenant's records (a GET or HEAD naming the
 * tenant as `tenantId`, on any route) is audited as `tenant.viewed` before the route runs, at most once per
 * member, tenant and window (docs/access.md, "Platform staff's views of a tenant"). Fail closed: a view whose
 * entry cannot be written is refused `503 service_unavailable`, never served unaudited. Tenant staff reading
 * their own tenant, and changes (audited by the services that make them), pass untouched.
 */
export function auditTenantViews(audit: TenantViewAudit): RequestHandler {
  return forAccess('staff', async (req, res) => {
    const view = tenantViewOf(req, res);
    if (!view) return;
    try {
      await audit.viewed(view);
    } catch (error) {
      // No such tenant: nothing to audit, and the route answers its own 404 as before.
      if (isAppError(error) && error.code === 'not_found') return;
      throw new AppError(
        'service_unavailable',
        `This read of tenant ${view.tenantId} could not be audited, so it was not served; retry shortly.`,
        null,
        null,
        { cause: error },
      );
    }
  });
}

function tenantViewOf(req: Request, res: Response): TenantView | undefined {
  const route = requestContextOf(res).route;
  const tenantId = req.query.tenantId;
  const staff = staffOf(res);
  if (route?.method !== 'get' || staff.tenantId !== null) return undefined;
  if (typeof tenantId !== 'string' || !TENANT_ID.test(tenantId)) return undefined;
  // Without the client's hang-up signal: overlapping reads of one member share the entry in flight, and one
  // client going away must not fail the others.
  const { signal: _hangUp, ...options } = callOptions(res);
  return { caller: callerOf(res), userId: staff.userId, tenantId, route: `GET ${route.path}`, options };
}

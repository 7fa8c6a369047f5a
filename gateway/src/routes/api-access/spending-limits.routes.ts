import type { Request, Response } from 'express';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody } from '../../http/envelope';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { stringParam } from '../common/params';
import { presentKey } from './presenters';
import { setSpendingLimitsBody } from './spending-limits.contract';

/**
 * A key's spending limits from the platform's API-access console (any key) and from the tenant's API console
 * (its own clients' keys; identity answers another tenant's key `404`). Identity checks the caller's right
 * again (`api-access` for platform staff, `api-console` for tenant staff).
 */
export function spendingLimitRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const setLimits = async (req: Request, res: Response) => {
    const limits = validate(setSpendingLimitsBody, req.body);
    const reply = await clients.apiAccess.setKeySpendingLimits(
      {
        caller: callerOf(res),
        id: stringParam(req, 'id'),
        limits: {
          dailyLimit: limits.dailyLimit ?? undefined,
          perBookingLimit: limits.perBookingLimit ?? undefined,
        },
      },
      callOptions(res),
    );
    if (!reply.key) throw new Error('identity answered no key');
    res.json(dataBody(presentKey(reply.key)));
  };
  return [
    {
      method: 'put',
      path: '/api/admin/api-access/keys/:id/spending-limits',
      access: { kind: 'staff', platformOnly: true, right: 'api-access' },
      handlers: [setLimits],
    },
    {
      method: 'put',
      path: '/api/admin/api-console/keys/:id/spending-limits',
      access: { kind: 'staff', tenantOnly: true, right: 'api-console' },
      handlers: [setLimits],
    },
  ];
}

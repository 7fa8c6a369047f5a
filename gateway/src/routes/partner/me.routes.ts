import type { KeyRecord } from '@travel/api-keys';
import type { Response } from 'express';
import type { z } from 'zod';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody } from '../../http/envelope';
import { partnerKeyOf } from '../../http/request-context';
import type { RouteDefinition } from '../../http/route-table';
import type { Me } from '../common/partner-contract/components';

/**
 * `GET /me` describes the calling key from the verified record; for a key with spending limits it asks booking
 * (which keeps the per-key ledger) what the key spent today.
 */
export function meRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/v1/me',
      access: { kind: 'partner', scope: null },
      handlers: [
        async (_req, res) => {
          const key = partnerKeyOf(res);
          const me: z.output<typeof Me> = {
            clientId: key.clientId,
            client: key.clientName,
            tenantLinked: key.tenantId !== null,
            environment: key.environment,
            // The key's scopes are validated against the same list when the key is issued.
            scopes: [...key.scopes] as z.output<typeof Me>['scopes'],
            spending: await spendingOf(key, clients, res),
          };
          res.json(dataBody(me));
        },
      ],
    },
  ];
}

/** A key with limits: its limits and booking's count of today; without any: null, and no service call. */
async function spendingOf(
  key: KeyRecord,
  clients: ServiceClients,
  res: Response,
): Promise<z.output<typeof Me>['spending']> {
  const { dailyLimit, perBookingLimit } = key.spendingLimits;
  if (dailyLimit === null && perBookingLimit === null) return null;
  const today = await clients.keySpending.getKeySpending({ caller: callerOf(res) }, callOptions(res));
  if (!today.resetsAt) throw new Error('booking answered no end of day');
  return {
    dailyLimit,
    perBookingLimit,
    day: today.day,
    spentToday: today.spent,
    remainingToday: dailyLimit === null ? null : Math.max(0, dailyLimit - today.spent),
    resetsAt: today.resetsAt.toISOString(),
  };
}

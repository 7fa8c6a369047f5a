import { AppError } from '@travel/errors';
import type { Response } from 'express';
import type { ServiceClients } from '../clients/service-clients';
import { actorOf, callOptions } from './calls';
import { staffOf } from './request-context';

/**
 * The tenant a staff call acts on (decisions.md "Who may call what"): tenant staff act on their own tenant
 * (naming another is `404`, like its records); the platform acts on the tenant it names, which must exist,
 * or on its own records when it names none (`undefined`).
 */
export async function tenantInScope(
  clients: ServiceClients,
  res: Response,
  requested: string | undefined,
): Promise<string | undefined> {
  const staff = staffOf(res);
  if (!staff.platform) {
    if (requested !== undefined && requested !== staff.tenantId)
      throw new AppError('not_found', `No tenant ${requested}.`);
    return staff.tenantId ?? undefined;
  }
  if (requested === undefined) return undefined;
  await clients.tenants.getTenant({ actor: actorOf(res), id: requested }, callOptions(res));
  return requested;
}

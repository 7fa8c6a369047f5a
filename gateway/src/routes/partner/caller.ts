import type { search } from '@travel/contracts';
import type { Response } from 'express';
import { partnerKeyOf } from '../../http/request-context';

/**
 * Who searches, from the verified key, never from a body: offer tokens are bound to it. (Bookings and
 * invoices take the one `travel.caller.v1.Caller` of `http/caller.ts`.)
 */
export function callerOf(res: Response): search.Searcher {
  const key = partnerKeyOf(res);
  return { tenantId: key.tenantId ?? undefined, clientId: key.clientId, environment: key.environment };
}

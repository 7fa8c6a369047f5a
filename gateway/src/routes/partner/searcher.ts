import type { search } from '@travel/contracts';
import type { Response } from 'express';
import { partnerKeyOf } from '../../http/request-context';

/** Who searches, from the verified key: offer tokens are bound to it. */
export function searcherOf(res: Response): search.Searcher {
  const key = partnerKeyOf(res);
  return { tenantId: key.tenantId ?? undefined, clientId: key.clientId, environment: key.environment };
}

import type { booking } from '@travel/contracts';
import type { Response } from 'express';
import { partnerKeyOf } from '../../http/request-context';

/** Who calls, from the verified key, never from a body: offer tokens and bookings are bound to it. */
export function callerOf(res: Response): booking.Caller {
  const key = partnerKeyOf(res);
  return { tenantId: key.tenantId ?? undefined, clientId: key.clientId, environment: key.environment };
}

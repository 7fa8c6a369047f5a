import type { booking } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { Owner } from './booking';

/**
 * The owner a call acts for, from the gateway's verified key. Bookings belong to a tenant, so a client
 * without one is `client_not_linked` (partner-api.md §1), whatever the call.
 */
export function ownerOf(caller: booking.Caller | undefined): Owner {
  if (!caller || !Number.isInteger(caller.clientId) || caller.clientId < 1)
    throw new AppError('unauthorized', 'The call names no API client.');
  if (caller.environment !== 'live' && caller.environment !== 'test')
    throw new AppError('unauthorized', 'The call names no key environment.');
  if (!caller.tenantId) throw new AppError('client_not_linked');
  return { tenantId: caller.tenantId, clientId: caller.clientId, livemode: caller.environment === 'live' };
}

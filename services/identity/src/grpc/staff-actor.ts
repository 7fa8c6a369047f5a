import type { identityCommon } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { StaffActor } from '../domain/staff';

/** The verified staff member the gateway puts on every administrative call; without one, nothing is allowed. */
export function requireActor(actor: identityCommon.Actor | undefined): StaffActor {
  if (!actor?.userId) throw new AppError('unauthorized', 'The call carries no staff member.');
  return actor;
}

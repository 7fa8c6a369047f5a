import { AppError } from '@travel/errors';
import type { StaffActor } from './staff';
import { isPlatformActor } from './staff-scope';

/**
 * API-access administration is platform only (gateway/openapi/internal.yaml); the gateway checks it and so do we, so a
 * tenant administrator's token can never reach more than the tenant's API console allows.
 */
export function assertPlatformStaff(actor: StaffActor): void {
  if (!isPlatformActor(actor)) throw new AppError('forbidden', 'Only platform staff may do this.');
}

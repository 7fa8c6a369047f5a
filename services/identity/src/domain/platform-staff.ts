import type { identityCommon } from '@travel/contracts';
import { AppError } from '@travel/errors';

/**
 * API-access administration is platform only (decisions.md); the gateway checks it and so do we, so a
 * tenant administrator's token can never reach more than the tenant's API console allows.
 */
export function assertPlatformStaff(actor: identityCommon.Actor | undefined): void {
  if (actor?.tenantId) throw new AppError('forbidden', 'Only platform staff may do this.');
}

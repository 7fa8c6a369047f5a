import { AppError } from '@travel/errors';
import type { RequestHandler } from 'express';
import { staffOf } from '../http/request-context';
import { forAccess } from './for-access';

/** Staff routes: `platform only` refuses tenant staff; a listed right must be in the member's role. */
export const requireStaffAccess: RequestHandler = forAccess('staff', (_req, res, access) => {
  const staff = staffOf(res);
  if (access.platformOnly && !staff.platform)
    throw new AppError('forbidden', 'Only platform administrators may use this route.');
  if (access.tenantOnly && staff.platform)
    throw new AppError('forbidden', 'This route is for tenant staff; use the platform routes instead.');
  if (access.right && !staff.rights.includes(access.right))
    throw new AppError('forbidden', `Your role lacks the right ${access.right}.`);
});

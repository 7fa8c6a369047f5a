import { checkScope } from '@travel/api-keys';
import { AppError } from '@travel/errors';
import type { RequestHandler } from 'express';
import { partnerKeyOf } from '../http/request-context';
import { forAccess } from './for-access';

/** Partner routes, step 4: the key holds the route's scope. */
export const requireScope: RequestHandler = forAccess('partner', (_req, res, access) => {
  const check = checkScope(partnerKeyOf(res), access.scope);
  if (check.result === 'insufficient_scope')
    throw new AppError('insufficient_scope', `This API key lacks the scope ${check.scope}.`);
});

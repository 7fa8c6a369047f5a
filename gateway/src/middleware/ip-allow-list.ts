import { checkIpAllowList } from '@travel/api-keys';
import { AppError } from '@travel/errors';
import type { RequestHandler } from 'express';
import { partnerKeyOf, requestContextOf } from '../http/request-context';
import { forAccess } from './for-access';

/** Partner routes, step 2: the resolved client address must be on the key's allow-list (if it has one). */
export const ipAllowList: RequestHandler = forAccess('partner', (_req, res) => {
  const address = requestContextOf(res).clientAddress ?? '';
  if (checkIpAllowList(partnerKeyOf(res), address).result !== 'allowed')
    throw new AppError('forbidden', `Requests from ${address} are not allowed for this API key.`);
});

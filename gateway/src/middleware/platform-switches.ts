import { checkPlatformSwitches } from '@travel/api-keys';
import { AppError } from '@travel/errors';
import type { RequestHandler } from 'express';
import type { AccessDirectory } from '../access/access-directory';
import { forAccess } from './for-access';

/** Partner routes, step 3: the administrator's switches (API off: 503; the route's scope off: 403). */
export function platformSwitches(directory: AccessDirectory): RequestHandler {
  return forAccess('partner', async (_req, _res, access) => {
    const check = checkPlatformSwitches(await directory.settings(), access.scope);
    if (check.result === 'api_disabled')
      throw new AppError('api_disabled', 'The API is switched off by the platform administrator.');
    if (check.result === 'scope_disabled')
      throw new AppError('scope_disabled', `The scope ${check.scope} is switched off platform-wide.`);
  });
}

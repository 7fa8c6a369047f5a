import { AppError } from '@travel/errors';
import type { RequestHandler } from 'express';
import type { AccessDirectory } from '../access/access-directory';
import { requestContextOf } from '../http/request-context';
import { isStorefrontRoute } from '../http/storefront-routes';

/** Storefront and customer routes answer 503 while the administrator has the storefront switched off. */
export function storefrontSwitch(directory: AccessDirectory): RequestHandler {
  return async (_req, res, next) => {
    const route = requestContextOf(res).route;
    if (route && isStorefrontRoute(route) && !(await directory.storefront()).storefrontEnabled)
      throw new AppError(
        'service_unavailable',
        'The storefront is switched off by the platform administrator.',
      );
    next();
  };
}

import { isConsoleAddressAllowed } from '@travel/api-keys';
import { AppError } from '@travel/errors';
import type { RequestHandler } from 'express';
import type { AccessDirectory } from '../access/access-directory';
import { requestContextOf } from '../http/request-context';

/** Every console path, sign-in included, known route or not. */
const isConsolePath = (path: string) => path === '/api/admin' || path.startsWith('/api/admin/');

/**
 * The console IP rules (docs/access.md, "Platform gates"): on `/api/admin/*`, a denied address, or one outside every allow
 * rule while any exists, is `403 forbidden` before any credential is looked at. The address is the one
 * `clientAddress` resolved (the trusted-proxy rules of the partner allow-list).
 */
export function consoleIpRules(directory: AccessDirectory): RequestHandler {
  return async (req, res, next) => {
    if (!isConsolePath(req.path)) return next();
    const address = requestContextOf(res).clientAddress ?? '';
    if (!isConsoleAddressAllowed(await directory.consoleIpPolicy(), address))
      throw new AppError('forbidden', `Requests from ${address} may not use the consoles.`);
    next();
  };
}

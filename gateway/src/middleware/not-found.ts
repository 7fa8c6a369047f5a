import { AppError } from '@travel/errors';
import type { RequestHandler } from 'express';
import type { RouteTable } from '../http/route-table';

/** After every route: a known path with another method is 405 with `Allow`; anything else is 404. */
export function notFound(table: RouteTable): RequestHandler {
  return (req, res, next) => {
    const allowed = table.allowedMethods(req.path);
    if (allowed.length > 0 && req.method === 'OPTIONS') return answerOptions(res, allowed);
    if (allowed.length > 0) {
      res.setHeader('Allow', allowed.join(', '));
      return next(
        new AppError(
          'method_not_allowed',
          `${req.method} is not allowed here. Allowed: ${allowed.join(', ')}.`,
        ),
      );
    }
    next(new AppError('not_found', `No route for ${req.method} ${req.path}.`));
  };
}

/** `OPTIONS` on a known path: 200 with `Allow`, as Express answers it, from our own route list. */
function answerOptions(res: Parameters<RequestHandler>[1], allowed: string[]): void {
  const allow = allowed.join(', ');
  res.status(200).setHeader('Allow', allow);
  res.type('text/plain').send(allow);
}

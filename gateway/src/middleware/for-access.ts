import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { requestContextOf } from '../http/request-context';
import type { RouteAccess } from '../http/route-table';

type AccessOf<K extends RouteAccess['kind']> = Extract<RouteAccess, { kind: K }>;

/** Runs an access step only on routes of one kind (partner or staff); others pass straight through. */
export function forAccess<K extends RouteAccess['kind']>(
  kind: K,
  step: (req: Request, res: Response, access: AccessOf<K>) => Promise<void> | void,
): RequestHandler {
  // Not async: a route of another kind passes without a promise, and a synchronous step without one too.
  return (req: Request, res: Response, next: NextFunction) => {
    const access = requestContextOf(res).route?.access;
    if (access?.kind !== kind) return next();
    const done = step(req, res, access as AccessOf<K>);
    if (done instanceof Promise) return done.then(() => next());
    next();
  };
}

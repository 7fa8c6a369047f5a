import type { RequestHandler } from 'express';
import { requestContextOf } from '../http/request-context';
import type { RouteTable } from '../http/route-table';
import { notFound } from './not-found';

/** Finds the route a request is for, so access checks know its scope or right before the router runs. */
export function matchRoute(table: RouteTable): RequestHandler {
  const unrouted = notFound(table);
  return (req, res, next) => {
    const route = table.find(req.method, req.path);
    requestContextOf(res).route = route;
    // OPTIONS, and another method on a static route's own path, never reach Express's router, whose
    // parameterised routes would claim them (`PUT /admin/discounts/mine` as `PUT /admin/discounts/:id`).
    if (!route && (req.method === 'OPTIONS' || table.isStaticPath(req.path))) return unrouted(req, res, next);
    next();
  };
}

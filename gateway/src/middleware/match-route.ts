import type { RequestHandler } from 'express';
import { requestContextOf } from '../http/request-context';
import type { RouteTable } from '../http/route-table';

/** Finds the route a request is for, so access checks know its scope or right before the router runs. */
export function matchRoute(table: RouteTable): RequestHandler {
  return (req, res, next) => {
    requestContextOf(res).route = table.find(req.method, req.path);
    next();
  };
}

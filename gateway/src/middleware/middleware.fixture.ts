import { createLogger } from '@travel/logger';
import express, { type Express } from 'express';
import { createRouteTable, type RouteDefinition } from '../http/route-table';
import { errorHandler } from './error-handler';
import { jsonBody, jsonBodyErrors } from './json-body';
import { notFound } from './not-found';
import { requestId } from './request-id';

/** A minimal app with the real middleware chain around given routes, for middleware unit tests. */
export function middlewareTestApp(routes: RouteDefinition[]): Express {
  const app = express();
  const table = createRouteTable(routes);
  app.use(requestId(createLogger({ name: 'test', level: 'silent' })));
  app.use(jsonBody());
  app.use(jsonBodyErrors);
  const router = express.Router();
  table.register(router);
  app.use(router);
  app.use(notFound(table));
  app.use(errorHandler);
  return app;
}

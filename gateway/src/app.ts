import type { Logger } from '@travel/logger';
import express, { type Express } from 'express';
import { getAbsoluteFSPath } from 'swagger-ui-dist';
import type { ServiceClients } from './clients/service-clients';
import { createRouteTable, type RouteDefinition } from './http/route-table';
import { errorHandler } from './middleware/error-handler';
import { jsonBody, jsonBodyErrors } from './middleware/json-body';
import { notFound } from './middleware/not-found';
import { requestId } from './middleware/request-id';
import { requestLog } from './middleware/request-log';
import type { OpenApiDocuments } from './openapi/documents';
import { DOCS_ASSETS_PATH, docsRoutes } from './routes/docs.routes';
import { healthRoutes } from './routes/health.routes';

export interface AppDeps {
  logger: Logger;
  clients: ServiceClients;
  redisPing: () => Promise<boolean>;
  documents: OpenApiDocuments;
  now: () => Date;
}

/** Every route the gateway serves; the 405 check and the OpenAPI coverage test read this list. */
export function allRoutes(deps: AppDeps): RouteDefinition[] {
  return [...healthRoutes(deps), ...docsRoutes(deps.documents)];
}

/** The gateway: the chain of `assembleApp` around every route, plus the docs page assets. */
export function createApp(deps: AppDeps): Express {
  return assembleApp(deps.logger, allRoutes(deps), (app) => {
    app.use(DOCS_ASSETS_PATH, express.static(getAbsoluteFSPath(), { index: false }));
  });
}

/**
 * The middleware chain, in one visible order (STYLE.md rule 11). Middleware tests assemble it around
 * their own routes, so they exercise exactly this order.
 */
export function assembleApp(
  logger: Logger,
  routeList: RouteDefinition[],
  mountStatic?: (app: Express) => void,
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const routes = createRouteTable(routeList);

  app.use(requestId(logger));
  app.use(requestLog());
  mountStatic?.(app);
  app.use(jsonBody());
  app.use(jsonBodyErrors);
  // authenticate → IP allow-list → platform switches → scope → rate limit: the identity-and-access work.
  const router = express.Router();
  routes.register(router);
  app.use(router);
  app.use(notFound(routes));
  app.use(errorHandler);
  return app;
}

import { createLogger } from '@travel/logger';
import type { Express } from 'express';
import { assembleApp } from '../app';
import type { RouteDefinition } from '../http/route-table';

/** The gateway's real middleware chain around given routes, for middleware unit tests. */
export function middlewareTestApp(routes: RouteDefinition[]): Express {
  return assembleApp(createLogger({ name: 'test', level: 'silent' }), routes, undefined);
}

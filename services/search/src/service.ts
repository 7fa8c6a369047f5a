import { createGrpcServer } from '@travel/grpc';
import type { Component } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';

import type { SearchConfig } from './config';

/** Search owns nothing durable: its inventory is a pure function of the query (docs/architecture.md). */
export function createSearchService(config: SearchConfig, logger: Logger) {
  const grpc = createGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    services: [],
    healthChecks: {},
    logger,
  });
  const components: Component[] = [grpc];
  return { components, grpc };
}

import type { Component } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createApp } from './app';
import { createRedis } from './clients/redis';
import { createServiceClients } from './clients/service-clients';
import type { GatewayConfig } from './config';
import { loadOpenApiDocuments } from './openapi/documents';
import { createHttpServer } from './server';

/** Wires the gateway by hand. Started in order, stopped in reverse: HTTP first, Redis last. */
export function createGateway(config: GatewayConfig, logger: Logger) {
  const redis = createRedis(config.REDIS_URL, logger);
  const app = createApp({
    logger,
    clients: createServiceClients(config),
    redisPing: redis.ping,
    documents: loadOpenApiDocuments(),
    now: () => new Date(),
  });
  const http = createHttpServer(app, config.HTTP_HOST, config.HTTP_PORT, logger);
  const components: Component[] = [redis, http];
  return { components, http, app };
}

import { createGrpcServer } from '@travel/grpc';
import type { Component } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createMongo } from '@travel/mongo';
import type { WebhookConfig } from './config';

/** Webhook owns endpoints, received events and deliveries. */
export function createWebhookService(config: WebhookConfig, logger: Logger) {
  const mongo = createMongo({ url: config.MONGO_URL, database: config.MONGO_DATABASE, logger });

  const grpc = createGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    services: [],
    healthChecks: { mongodb: mongo.ping },
    logger,
  });
  const components: Component[] = [mongo, grpc];
  return { components, grpc };
}

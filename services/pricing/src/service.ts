import { createGrpcServer } from '@travel/grpc';
import type { Component } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createMongo } from '@travel/mongo';
import type { PricingConfig } from './config';

/** Pricing owns the pricing rules. Its gRPC contract arrives with the search-and-pricing work. */
export function createPricingService(config: PricingConfig, logger: Logger) {
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

import { apiAccess } from '@travel/contracts';
import { createEventPublisher, createKafka } from '@travel/events';
import { createGrpcServer } from '@travel/grpc';
import type { Component } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createMongo } from '@travel/mongo';
import type { IdentityConfig } from './config';
import { createApiSettingsRepository } from './db/api-settings.repository';
import { createGetApiSettings } from './domain/get-api-settings';
import { IDENTITY_CHANGES_TOPIC } from './events/identity-changes.publisher';
import { createApiAccessGrpc } from './grpc/api-access.grpc';

/** Wires the identity service by hand: persistence → use cases → gRPC. Stopped in reverse order. */
export function createIdentityService(config: IdentityConfig, logger: Logger) {
  const mongo = createMongo({ url: config.MONGO_URL, database: config.MONGO_DATABASE, logger });
  const publisher = createEventPublisher({
    kafka: createKafka(config.KAFKA_BROKERS, 'identity', logger),
    topics: [IDENTITY_CHANGES_TOPIC],
    topicOptions: {
      partitions: config.KAFKA_TOPIC_PARTITIONS,
      replicationFactor: config.KAFKA_REPLICATION_FACTOR,
    },
    logger,
  });
  const getApiSettings = createGetApiSettings({
    settings: createApiSettingsRepository(mongo.connection),
    defaults: {
      apiEnabled: true,
      disabledScopes: [],
      defaultRateLimit: {
        limit: config.DEFAULT_RATE_LIMIT,
        windowSeconds: config.DEFAULT_RATE_WINDOW_SECONDS,
      },
    },
  });
  const grpc = createGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    services: [
      {
        definition: apiAccess.ApiAccessServiceDefinition,
        implementation: createApiAccessGrpc({ getApiSettings }),
      },
    ],
    healthChecks: { mongodb: mongo.ping, kafka: publisher.ping },
    logger,
  });
  const components: Component[] = [mongo, publisher, grpc];
  return { components, grpc, mongo };
}

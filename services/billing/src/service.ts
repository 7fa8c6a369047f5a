import { createEventPublisher, createKafka } from '@travel/events';
import { createGrpcServer } from '@travel/grpc';
import type { Component } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createMongo } from '@travel/mongo';
import type { BillingConfig } from './config';

/** Billing owns invoices, lines and payments; it publishes billing.events. */
export function createBillingService(config: BillingConfig, logger: Logger) {
  const mongo = createMongo({ url: config.MONGO_URL, database: config.MONGO_DATABASE, logger });
  const publisher = createEventPublisher({
    kafka: createKafka(config.KAFKA_BROKERS, 'billing', logger, config.KAFKA_NAMESPACE),
    topics: ['billing.events'],
    topicOptions: {
      partitions: config.KAFKA_TOPIC_PARTITIONS,
      replicationFactor: config.KAFKA_REPLICATION_FACTOR,
    },
    logger,
  });
  const grpc = createGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    services: [],
    healthChecks: { mongodb: mongo.ping, kafka: publisher.ping },
    logger,
  });
  const components: Component[] = [mongo, publisher, grpc];
  return { components, grpc };
}

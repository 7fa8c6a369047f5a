import { createAuditOutbox } from '@travel/audit';
import { reports } from '@travel/contracts';
import {
  AUDIT_ENTRIES_TOPIC,
  createAuditRelay,
  createEventPublisher,
  createKafka,
  createParkedEventStore,
  parkedEventsServiceOf,
  parkedStoreOptionsOf,
  retryBudgetOf,
} from '@travel/events';
import { createGrpcServer, reflectionOf, serverConnectionsOf, serverPeersOf } from '@travel/grpc';
import type { Component } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createMongo, longReadLimitMs, mongoOptionsOf } from '@travel/mongo';
import type { ReportsConfig } from './config';
import { collections } from './db/collections';
import { createSaleFactRepository } from './db/sale-fact.repository';
import { createSearchFactRepository } from './db/search-fact.repository';
import { createSharedReads, withSharedSaleReads, withSharedSearchReads } from './db/shared-reads';
import { createLogSearch } from './domain/log-search';
import { createReadPopularDestinations } from './domain/read-popular-destinations';
import { createReadSales } from './domain/read-sales';
import { createRecordSale } from './domain/record-sale';
import { createRecordSearch } from './domain/record-search';
import { createReportsConsumer } from './events/reports.consumer';
import { createSearchLogPublisher } from './events/search-logs.publisher';
import { SEARCH_LOGS_TOPIC } from './events/topics';
import { createReportsGrpc } from './grpc/reports.grpc';

export interface ReportsServiceOptions {
  /** The clock of search logs; tests pass their own. */
  now?: () => Date;
}

/**
 * Reports own read models built only from Kafka: sales from `booking.events`, searched places from
 * `reports.search-logs` (which `RecordSearch` publishes). Wired by hand: repositories → use cases → gRPC,
 * and one consumer group for both topics.
 */
export function createReportsService(
  config: ReportsConfig,
  logger: Logger,
  options: ReportsServiceOptions = {},
) {
  const now = options.now ?? (() => new Date());
  const mongo = createMongo({ ...mongoOptionsOf(config), logger, collections });
  const kafka = createKafka(config.KAFKA_BROKERS, 'reports', logger, config.KAFKA_NAMESPACE, config);
  const topicOptions = {
    partitions: config.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
  };
  const publisher = createEventPublisher({
    kafka,
    topics: [SEARCH_LOGS_TOPIC, AUDIT_ENTRIES_TOPIC],
    topicOptions,
    logger,
  });
  // Operators' replays and discards of parked events are stored with their audit entries; this relays them.
  const audit = createAuditOutbox();
  const auditRelay = createAuditRelay({ service: 'reports', outbox: audit, publisher, config, logger });
  const reads = { maxTimeMs: longReadLimitMs(config) };
  // Identical report questions share one aggregation (db/shared-reads.ts, docs/decisions/reports.md).
  const shared = createSharedReads();
  const sales = withSharedSaleReads(createSaleFactRepository(mongo.connection, reads), shared);
  const searches = withSharedSearchReads(
    createSearchFactRepository(mongo.connection, {
      ...reads,
      keepMs: config.REPORTS_SEARCH_FACTS_DAYS * 86_400_000,
    }),
    shared,
  );
  const parkedEvents = createParkedEventStore(
    mongo.connection,
    'reports',
    audit,
    parkedStoreOptionsOf(config),
  );
  const consumer = createReportsConsumer({
    kafka,
    groupId: config.REPORTS_CONSUMER_GROUP,
    topicOptions,
    parkedEvents,
    retryBudget: retryBudgetOf(config),
    recordSale: createRecordSale({ sales }),
    recordSearch: createRecordSearch({ searches }),
    // Facts of different bookings are independent: a replay goes through the partitions at once.
    partitionsConsumedConcurrently: config.KAFKA_TOPIC_PARTITIONS,
    logger,
  });
  const reportsGrpc = createReportsGrpc({
    logSearch: createLogSearch({ publish: createSearchLogPublisher(publisher), now }),
    readSales: createReadSales({ sales }),
    readPopularDestinations: createReadPopularDestinations({ sales, searches }),
  });
  const grpc = createGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    connections: serverConnectionsOf(config),
    reflection: reflectionOf(config),
    peers: serverPeersOf(config, 'reports'),
    services: [
      { definition: reports.ReportsServiceDefinition, implementation: reportsGrpc },
      parkedEventsServiceOf(parkedEvents, [consumer]),
    ],
    healthChecks: { mongodb: mongo.ping, kafka: publisher.ping },
    logger,
  });
  const components: Component[] = [mongo, publisher, auditRelay, consumer, grpc];
  return { components, grpc, mongo };
}

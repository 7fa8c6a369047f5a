import { createAuditOutbox } from '@travel/audit';
import { sealingKeysOf } from '@travel/config';
import { eventFeed, webhook } from '@travel/contracts';
import {
  AUDIT_ENTRIES_TOPIC,
  BILLING_EVENTS_TOPIC,
  BOOKING_EVENTS_TOPIC,
  createAuditRelay,
  createEventConsumer,
  createEventPublisher,
  createKafka,
  createParkedEventStore,
  parkedEventsServiceOf,
  parkedStoreOptionsOf,
  retryBudgetOf,
} from '@travel/events';
import {
  createGrpcServer,
  keepaliveOf,
  peerTlsOf,
  reflectionOf,
  serverConnectionsOf,
  serverPeersOf,
} from '@travel/grpc';
import { type Component, createPeriodicJob } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createCounters, createMongo, mongoOptionsOf } from '@travel/mongo';
import { createSealer } from '@travel/sealing';
import { createPostEvent } from './adapters/post-event';
import type { WebhookConfig } from './config';
import { createCircuitRepository } from './db/circuit.repository';
import { collections } from './db/collections';
import { createDeliveryRepository } from './db/delivery.repository';
import { createDeliveryQueue } from './db/delivery-queue';
import { createDeliveryRetention } from './db/delivery-retention';
import { createEndpointRepository } from './db/endpoint.repository';
import { createEndpointSecrets } from './db/endpoint-secrets';
import { createFeedRepository } from './db/feed.repository';
import { createRecoveryRepository } from './db/recovery.repository';
import { createRedeliveryKeys, REDELIVERY_KEY_RETENTION_MS } from './db/redelivery-keys';
import { createPageDeliveries } from './domain/deliveries/page-deliveries';
import { createReadDeliveries } from './domain/deliveries/read-deliveries';
import { createRecoverDeliveries } from './domain/deliveries/recover-deliveries';
import { createRedeliver } from './domain/deliveries/redeliver';
import { createEndpointDirectory } from './domain/endpoints/endpoint-directory';
import { createManageEndpoints } from './domain/endpoints/manage-endpoints';
import { createPingEndpoint } from './domain/endpoints/ping-endpoint';
import { createRotateSecret } from './domain/endpoints/rotate-secret';
import type { TargetPolicy } from './domain/endpoints/target-address';
import { createUpdateEndpoint } from './domain/endpoints/update-endpoint';
import { createReadEvents } from './domain/feed/read-events';
import { createRecordEvent } from './domain/feed/record-event';
import { createEventIntake } from './events/event-intake.consumer';
import { createStaffNotifier } from './grpc/engagement.client';
import { createEventFeedGrpc } from './grpc/event-feed.grpc';
import { createTenantOfClient } from './grpc/identity.client';
import { createWebhookGrpc } from './grpc/webhook.grpc';
import { createAutoDisable } from './jobs/auto-disable-endpoints';
import { createAttemptRunner } from './jobs/delivery/attempt-runner';
import { createCircuitBreakers } from './jobs/delivery/circuit-breakers';
import { observeCircuits } from './jobs/delivery/circuit-metrics';
import { observeDeliveryQueue } from './jobs/delivery/delivery-metrics';
import { createDispatcher } from './jobs/delivery/dispatcher';
import { createSweepDeliveries } from './jobs/sweep-deliveries';

/** How often each replica deletes the deliveries past their retention. */
const DELIVERY_SWEEP_MS = 3_600_000;

export interface WebhookServiceOptions {
  /** How host names resolve (DNS by default); the SSRF tests pass a table and never open a connection. */
  resolve?: TargetPolicy['resolve'];
}

/**
 * Wires the webhook service: endpoints over gRPC; a consumer of `booking.events` and `billing.events` that
 * schedules deliveries; a dispatcher that runs due attempts from the schedule in the database. Stopped in
 * reverse: gRPC, then the consumer, then the dispatcher (which waits for attempts in flight), then Mongo.
 */
export function createWebhookService(
  config: WebhookConfig,
  logger: Logger,
  options: WebhookServiceOptions = {},
) {
  const now = () => new Date();
  const peerOptions = { caller: 'webhook', keepalive: keepaliveOf(config), tls: peerTlsOf(config) };
  const policy: TargetPolicy = { production: config.NODE_ENV === 'production', resolve: options.resolve };
  const mongo = createMongo({ ...mongoOptionsOf(config), logger, collections });
  const endpoints = createEndpointRepository(mongo.connection);
  const secrets = createEndpointSecrets(createSealer(sealingKeysOf(config)));
  const deliveries = createDeliveryRepository(mongo.connection);
  const feed = createFeedRepository(mongo.connection);
  observeDeliveryQueue(createDeliveryQueue(mongo.connection, now), now);
  const post = createPostEvent({ policy, timeoutMs: config.WEBHOOK_TIMEOUT_MS });
  const directory = createEndpointDirectory({ endpoints, maxAgeMs: config.WEBHOOK_ENDPOINT_CACHE_MS });
  const circuits = createCircuitRepository(mongo.connection);
  observeCircuits(circuits);
  const breakers = createCircuitBreakers({
    circuits,
    deliveries,
    claim: (due) => deliveries.claim(due, now(), config.WEBHOOK_LEASE_MS),
    policy: {
      failures: config.WEBHOOK_BREAKER_FAILURES,
      timeouts: config.WEBHOOK_BREAKER_TIMEOUTS,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      openMs: config.WEBHOOK_BREAKER_OPEN_MS,
      maxOpenMs: config.WEBHOOK_BREAKER_MAX_OPEN_MS,
    },
    leaseMs: config.WEBHOOK_LEASE_MS,
    refreshMs: config.WEBHOOK_POLL_MS,
    now,
    logger,
  });
  const attempts = createAttemptRunner({
    deliveries,
    endpoints: directory,
    secrets,
    post,
    breakers,
    retryDelaysMs: config.WEBHOOK_RETRY_DELAYS,
    leaseMs: config.WEBHOOK_LEASE_MS,
    now,
    logger,
  });
  const dispatcher = createDispatcher({
    deliveries,
    attempts,
    breakers,
    concurrency: config.WEBHOOK_CONCURRENCY,
    endpointConcurrency: config.WEBHOOK_ENDPOINT_CONCURRENCY,
    now,
    wake: () => dispatchJob.nudge(),
    logger,
  });
  const dispatchJob = createPeriodicJob({
    name: 'webhook-dispatcher',
    everyMs: config.WEBHOOK_POLL_MS,
    run: dispatcher.run,
    logger,
  });
  const autoDisableJob = createPeriodicJob({
    name: 'webhook-auto-disable',
    everyMs: config.WEBHOOK_AUTO_DISABLE_CHECK_MS,
    run: createAutoDisable({
      endpoints,
      deliveries,
      afterMs: config.WEBHOOK_AUTO_DISABLE_AFTER,
      notify: createStaffNotifier(
        config.ENGAGEMENT_ADDRESS,
        { ...peerOptions, deadlineMs: config.ENGAGEMENT_DEADLINE_MS },
        logger,
      ),
      now,
      logger,
    }),
    logger,
  });
  const sweepJob = createPeriodicJob({
    name: 'webhook-delivery-sweep',
    everyMs: DELIVERY_SWEEP_MS,
    run: createSweepDeliveries({
      retention: createDeliveryRetention(mongo.connection),
      keepMs: config.WEBHOOK_DELIVERY_RETENTION_DAYS * 86_400_000,
      now,
      logger,
    }),
    logger,
  });
  const draining: Component = { name: 'webhook-attempts', start: async () => {}, stop: dispatcher.drain };
  const kafka = createKafka(config.KAFKA_BROKERS, 'webhook', logger, config.KAFKA_NAMESPACE, config);
  const topicOptions = {
    partitions: config.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
  };
  // Its only publishing: operators' replays and discards of parked events, stored with their audit entries.
  const publisher = createEventPublisher({ kafka, topics: [AUDIT_ENTRIES_TOPIC], topicOptions, logger });
  const audit = createAuditOutbox();
  const auditRelay = createAuditRelay({ service: 'webhook', outbox: audit, publisher, config, logger });
  const parkedEvents = createParkedEventStore(
    mongo.connection,
    'webhook',
    audit,
    parkedStoreOptionsOf(config),
  );
  const consumer = createEventConsumer({
    kafka,
    groupId: 'webhook-deliveries',
    topics: [BOOKING_EVENTS_TOPIC, BILLING_EVENTS_TOPIC],
    topicOptions,
    // No processed-id list: a delivery's `_id` derives from its event and endpoint, a feed entry's from its
    // event and client, so a redelivered event inserts nothing (`enqueue`) and keeps its sequence (`append`).
    handle: createEventIntake({
      endpoints: directory,
      deliveries,
      recordInFeed: createRecordEvent({
        feed,
        retentionMs: config.WEBHOOK_EVENT_FEED_DAYS * 86_400_000,
        now,
      }),
      firstAttempts: dispatcher,
      leaseMs: config.WEBHOOK_LEASE_MS,
      now,
      scheduled: () => dispatchJob.nudge(),
    }),
    partitionsConsumedConcurrently: config.WEBHOOK_INTAKE_PARTITIONS,
    // One booking's (one invoice's) events in order, different ones at once: a client's feed appends that
    // queue together share one insert (db/feed.repository.ts).
    handleKeysAtOnce: true,
    parkedEvents,
    retryBudget: retryBudgetOf(config),
    // Each event becomes deliveries of its own, which partners receive in no guaranteed order anyway (each
    // is retried on its own schedule): a parked event holds no later event of its booking back.
    keyOrderAfterPark: 'proceed',
    logger,
  });
  const grpc = createGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    connections: serverConnectionsOf(config),
    reflection: reflectionOf(config),
    peers: serverPeersOf(config, 'webhook'),
    services: [
      {
        definition: webhook.WebhookServiceDefinition,
        implementation: createWebhookGrpc(
          {
            manage: createManageEndpoints({
              endpoints,
              secrets,
              deliveries,
              counters: createCounters(mongo.connection),
              policy,
              limitPerClient: config.WEBHOOK_ENDPOINTS_PER_CLIENT,
              now,
            }),
            readDeliveries: createReadDeliveries({ deliveries, endpoints }),
            pageDeliveries: createPageDeliveries({ deliveries, endpoints }),
            redeliver: createRedeliver({
              endpoints,
              deliveries,
              keys: createRedeliveryKeys(mongo.connection, {
                leaseMs: config.WEBHOOK_LEASE_MS,
                retentionMs: REDELIVERY_KEY_RETENTION_MS,
              }),
              secrets,
              post,
              now,
            }),
            pingEndpoint: createPingEndpoint({ endpoints, secrets, post, now }),
            updateEndpoint: createUpdateEndpoint({ endpoints, deliveries, policy, now }),
            rotateSecret: createRotateSecret({ endpoints, secrets, now }),
            recoverDeliveries: createRecoverDeliveries({
              endpoints,
              deliveries,
              recoveries: createRecoveryRepository(mongo.connection),
              now,
              queued: () => dispatchJob.nudge(),
            }),
          },
          createTenantOfClient(config.IDENTITY_ADDRESS, {
            ...peerOptions,
            deadlineMs: config.IDENTITY_DEADLINE_MS,
          }),
        ),
      },
      {
        definition: eventFeed.EventFeedServiceDefinition,
        implementation: createEventFeedGrpc(createReadEvents({ feed })),
      },
      parkedEventsServiceOf(parkedEvents, [consumer]),
    ],
    // Kafka is not a readiness dependency: endpoints can be managed and due retries sent while it is down.
    healthChecks: { mongodb: mongo.ping },
    logger,
  });
  const components: Component[] = [
    mongo,
    draining,
    dispatchJob,
    autoDisableJob,
    sweepJob,
    publisher,
    auditRelay,
    consumer,
    grpc,
  ];
  return { components, grpc, mongo };
}

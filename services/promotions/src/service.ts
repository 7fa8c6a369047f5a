import { createAuditOutbox } from '@travel/audit';
import { promotions } from '@travel/contracts';
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
import { type Component, createPeriodicJob } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createCounters, createMongo, mongoOptionsOf } from '@travel/mongo';
import type { PromotionsConfig } from './config';
import { createAllocationRepository } from './db/allocation.repository';
import { collections } from './db/collections';
import { createPromotionRepository } from './db/promotion.repository';
import { createRedemptionRepository } from './db/redemption.repository';
import { createAllocate, createRemoveAllocation } from './domain/allocate';
import { createBestDiscount, createBestDiscounts } from './domain/best-discount';
import { createCreatePromotion } from './domain/create-promotion';
import { createDeletePromotion } from './domain/delete-promotion';
import { createPreviewVoucher } from './domain/preview-voucher';
import { createPromotionViews } from './domain/promotion-views';
import {
  createListActivePromotions,
  createListCustomerVouchers,
  createListPromotions,
} from './domain/read-promotions';
import { createRedeemVoucher } from './domain/redeem-voucher';
import { createResolveVoucher } from './domain/resolve-voucher';
import {
  createConfirmRedemption,
  createExpireReservations,
  createReleaseRedemption,
} from './domain/settle-redemption';
import { createUpdatePromotion } from './domain/update-promotion';
import { createBookingEventsConsumer, PROMOTIONS_CONSUMER_GROUP } from './events/booking-events.consumer';
import { createPromotionsGrpc } from './grpc/promotions.grpc';

export interface PromotionsServiceOptions {
  /** The clock of validity, reservations and records; tests pass their own. */
  now?: () => Date;
}

/**
 * Promotions owns discounts, offers, vouchers, their allocations and voucher redemptions. Wired by hand:
 * repositories → use cases → gRPC, the consumer of `booking.events` (confirm on created, release on
 * cancelled), and the sweeper of reservations no booking confirmed.
 */
export function createPromotionsService(
  config: PromotionsConfig,
  logger: Logger,
  options: PromotionsServiceOptions = {},
) {
  const now = options.now ?? (() => new Date());
  const mongo = createMongo({ ...mongoOptionsOf(config), logger, collections });
  const kafka = createKafka(config.KAFKA_BROKERS, 'promotions', logger, config.KAFKA_NAMESPACE, config);
  const topicOptions = {
    partitions: config.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
  };
  const publisher = createEventPublisher({ kafka, topics: [AUDIT_ENTRIES_TOPIC], topicOptions, logger });
  // Staff changes are stored with their audit entries; this relay takes them to identity (docs/decisions/audit.md).
  const audit = createAuditOutbox();
  const auditRelay = createAuditRelay({ service: 'promotions', outbox: audit, publisher, config, logger });
  const repositories = {
    promotions: createPromotionRepository(mongo.connection, audit),
    allocations: createAllocationRepository(mongo.connection, audit),
    redemptions: createRedemptionRepository(mongo.connection),
  };
  const counters = createCounters(mongo.connection);
  const views = createPromotionViews(repositories);
  const resolve = createResolveVoucher({ ...repositories, now });
  const confirmRedemption = createConfirmRedemption(repositories);
  const releaseRedemption = createReleaseRedemption({ ...repositories, logger });
  const expire = createExpireReservations({ ...repositories, now, logger });
  const sweeper = createPeriodicJob({
    name: 'reservation-sweeper',
    everyMs: config.SWEEP_EVERY_MS,
    run: async () => {
      await expire();
    },
    logger,
  });
  const parkedEvents = createParkedEventStore(
    mongo.connection,
    'promotions',
    audit,
    parkedStoreOptionsOf(config),
  );
  const consumer = createBookingEventsConsumer({
    kafka,
    groupId: PROMOTIONS_CONSUMER_GROUP,
    topicOptions,
    parkedEvents,
    retryBudget: retryBudgetOf(config),
    confirm: (bookingId, reservationKey) => confirmRedemption(bookingId, reservationKey),
    release: (bookingId) => releaseRedemption(bookingId, 'booking.cancelled'),
    logger,
  });
  const read = { ...repositories, views, now };
  const promotionsGrpc = createPromotionsGrpc({
    createPromotion: createCreatePromotion({ ...repositories, counters, views, now }),
    updatePromotion: createUpdatePromotion({ ...repositories, views, now }),
    deletePromotion: createDeletePromotion({ ...repositories, now }),
    listPromotions: createListPromotions(read),
    listActivePromotions: createListActivePromotions(read),
    listCustomerVouchers: createListCustomerVouchers(read),
    allocate: createAllocate({ ...repositories, counters, now }),
    removeAllocation: createRemoveAllocation({ ...repositories, now }),
    previewVoucher: createPreviewVoucher({ resolve, ...repositories }),
    bestDiscount: createBestDiscount({ ...repositories, now }),
    bestDiscounts: createBestDiscounts({ ...repositories, now }),
    redeemVoucher: createRedeemVoucher({
      resolve,
      ...repositories,
      now,
      reservationTtlMs: config.RESERVATION_TTL_MS,
      logger,
    }),
    confirmRedemption,
    releaseRedemption,
  });
  const grpc = createGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    connections: serverConnectionsOf(config),
    reflection: reflectionOf(config),
    peers: serverPeersOf(config, 'promotions'),
    services: [
      { definition: promotions.PromotionsServiceDefinition, implementation: promotionsGrpc },
      parkedEventsServiceOf(parkedEvents, [consumer]),
    ],
    healthChecks: { mongodb: mongo.ping, kafka: publisher.ping },
    logger,
  });
  const components: Component[] = [mongo, publisher, auditRelay, sweeper, consumer, grpc];
  return { components, grpc, mongo, expireReservations: expire };
}

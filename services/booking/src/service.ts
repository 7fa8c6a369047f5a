import { createAuditOutbox } from '@travel/audit';
import {
  adminBooking,
  booking,
  bookingHistory,
  keySpending,
  pricing,
  promotions,
  storefrontBooking,
  wallet,
} from '@travel/contracts';
import {
  AUDIT_ENTRIES_TOPIC,
  BOOKING_EVENTS_TOPIC,
  createAuditRelay,
  createEventPublisher,
  createKafka,
  createOutboxRelay,
} from '@travel/events';
import {
  createGrpcServer,
  createPeerClient,
  keepaliveOf,
  peerTlsOf,
  reflectionOf,
  serverConnectionsOf,
  serverPeersOf,
} from '@travel/grpc';
import { createIdempotencyKeys, createIdempotencyRunner } from '@travel/idempotency';
import { type Component, crashHook, createPeriodicJob } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createCounters, createMongo, mongoOptionsOf } from '@travel/mongo';
import { createOfferKeyRing, createOfferTokenVerifier, publishedOfferKeys } from '@travel/offer-tokens';
import type { BookingConfig } from './config';
import { createAdminBookingRepository } from './db/admin-booking.repository';
import { createBookingRepository } from './db/booking.repository';
import { createBookingHistory } from './db/booking-history.repository';
import { createCancellationQuotes } from './db/cancellation-quote.repository';
import { collections } from './db/collections';
import { createKeySpendingLedger } from './db/key-spending.repository';
import { createOutboxBacklog } from './db/outbox-backlog';
import type { EventsWritten } from './db/pending-event';
import { createStorefrontBookingRepository } from './db/storefront-booking.repository';
import { createAssignSupplier } from './domain/assign-supplier';
import { createStorefrontDiscounts, createTenantDiscounts } from './domain/booking-discounts';
import { createCancelBooking, createCancelOwned } from './domain/cancel-booking';
import { createCancelIdempotently } from './domain/cancel-idempotently';
import { createCancelStorefrontBooking } from './domain/cancel-storefront-booking';
import {
  type CreateBookingDeps,
  createCreateBooking,
  createIdempotentBooking,
} from './domain/create-booking';
import { createCreateOfflineBooking } from './domain/create-offline-booking';
import { createCreateStorefrontBooking } from './domain/create-storefront-booking';
import { createGetKeySpending, createReserveSpending } from './domain/key-spending';
import { createListAdminBookings } from './domain/list-admin-bookings';
import { createListBookingHistory } from './domain/list-booking-history';
import { createQuoteCancellation } from './domain/quote-cancellation';
import { createGetBooking, createListBookings } from './domain/read-bookings';
import { createGetStorefrontBooking, createListStorefrontBookings } from './domain/read-storefront-bookings';
import { createSettleStorefrontBooking } from './domain/settle-storefront-booking';
import { createCancelOfflineBooking } from './domain/staff-bookings/cancel-offline-booking';
import {
  createGetAdminBooking,
  createQuoteAdminCancellation,
} from './domain/staff-bookings/quote-admin-cancellation';
import { createBookingOutbox, outboxEntryOf } from './events/booking-outbox';
import { observeOutboxBacklog } from './events/outbox-metrics';
import { createAdminBookingsGrpc } from './grpc/admin-bookings.grpc';
import { createStorefrontMoney } from './grpc/billing.client';
import { createBookingGrpc } from './grpc/booking.grpc';
import { createBookingHistoryGrpc } from './grpc/booking-history.grpc';
import { createKeySpendingGrpc } from './grpc/key-spending.grpc';
import { createReprice } from './grpc/pricing.client';
import { createBookingPromotions } from './grpc/promotions.client';
import { createStorefrontBookingGrpc } from './grpc/storefront-booking.grpc';
import { createWalletBalance } from './grpc/wallet-balance.client';
import { createSettler } from './jobs/settler';
import { createSweeper } from './jobs/sweeper';

export interface BookingServiceOptions {
  /** The clock of token expiry, leases and travel dates; tests pass their own. */
  now?: () => Date;
}

/**
 * Wires the booking service by hand: repositories → use cases → gRPC, plus two background jobs (the
 * outbox relay to `booking.events`, and the sweeper of past bookings). Stopped in reverse:
 * gRPC first, so no new work starts, then the jobs finish their pass, then Kafka and Mongo close.
 */
export function createBookingService(
  config: BookingConfig,
  logger: Logger,
  options: BookingServiceOptions = {},
) {
  const now = options.now ?? (() => new Date());
  const mongo = createMongo({ ...mongoOptionsOf(config), logger, collections });
  const publisher = createEventPublisher({
    kafka: createKafka(config.KAFKA_BROKERS, 'booking', logger, config.KAFKA_NAMESPACE, config),
    topics: [BOOKING_EVENTS_TOPIC, AUDIT_ENTRIES_TOPIC],
    topicOptions: {
      partitions: config.KAFKA_TOPIC_PARTITIONS,
      replicationFactor: config.KAFKA_REPLICATION_FACTOR,
    },
    logger,
  });
  // Staff changes of bookings are written with their audit entries; this relay takes them to identity.
  const audit = createAuditOutbox();
  const auditRelay = createAuditRelay({ service: 'booking', outbox: audit, publisher, config, logger });
  const bookings = createBookingRepository(mongo.connection, audit);
  const keys = createIdempotencyKeys(mongo.connection, {
    leaseMs: config.IDEMPOTENCY_LEASE_MS,
    retentionMs: config.IDEMPOTENCY_RETENTION_HOURS * 3_600_000,
  });
  const crash = crashHook(config.BOOKING_CRASH_AT);
  // One runner for every idempotent operation of booking: creates and cancels (docs/idempotency.md).
  const idempotency = createIdempotencyRunner({ keys, now, leaseMs: config.IDEMPOTENCY_LEASE_MS, crash });
  const cancelIdempotently = createCancelIdempotently({ idempotency });
  const relay = createOutboxRelay({
    name: 'booking',
    source: createBookingOutbox(bookings),
    publisher,
    topic: BOOKING_EVENTS_TOPIC,
    rescanMs: config.OUTBOX_RESCAN_MS,
  });
  observeOutboxBacklog(createOutboxBacklog(mongo.connection));
  const relayJob = createPeriodicJob({
    name: 'outbox-relay',
    everyMs: config.OUTBOX_POLL_MS,
    // Every write nudges it; idle, it backs off to ten polls (docs/decisions/bookings.md, the outbox).
    idleMaxMs: 10 * config.OUTBOX_POLL_MS,
    run: relay.run,
    logger,
  });
  // Every write tells the relay its events and nudges it: a burst coalesces into the pass in flight plus one.
  const eventsWritten: EventsWritten = (booking, events) => {
    relay.written(outboxEntryOf(booking, events));
    relayJob.nudge();
  };
  const sweeper = createPeriodicJob({
    name: 'booking-sweeper',
    everyMs: config.SWEEP_INTERVAL_MS,
    run: createSweeper({ bookings, now, logger }),
    logger,
  });
  const keepalive = keepaliveOf(config);
  const pricingClient = createPeerClient(pricing.PricingServiceDefinition, config.PRICING_ADDRESS, {
    caller: 'booking',
    deadlineMs: config.PRICING_DEADLINE_MS,
    keepalive,
    tls: peerTlsOf(config),
  });
  const offerKeys = {
    publicKeyPem: config.OFFER_TOKEN_PUBLIC_KEY,
    previousPublicKeyPems: config.OFFER_TOKEN_PREVIOUS_PUBLIC_KEYS,
  };
  const verifier = createOfferTokenVerifier({ ...offerKeys, now });
  const publishedKeys = publishedOfferKeys(
    createOfferKeyRing(offerKeys.publicKeyPem, offerKeys.previousPublicKeyPems),
  ).map(({ kid, x, active }) => ({ kid, x, active }));
  const quotes = createCancellationQuotes(mongo.connection);
  const createDeps: CreateBookingDeps = {
    idempotency,
    bookings,
    counters: createCounters(mongo.connection),
    verifier,
    reprice: createReprice(pricingClient),
    now,
    crash,
    eventsWritten,
  };
  const idempotent = createIdempotentBooking(createDeps);
  const spendingLedger = createKeySpendingLedger(mongo.connection);
  const bookingGrpc = createBookingGrpc({
    createBooking: createCreateBooking(
      { ...createDeps, reserveSpending: createReserveSpending({ ledger: spendingLedger, now }) },
      idempotent,
    ),
    getBooking: createGetBooking({ bookings }),
    listBookings: createListBookings({ bookings }),
    cancelBooking: createCancelBooking({
      cancelOwned: createCancelOwned({ bookings, quotes, now, eventsWritten }),
      bookings,
      cancelIdempotently,
    }),
    quoteCancellation: createQuoteCancellation({
      bookings,
      quotes,
      now,
      ttlSeconds: config.CANCELLATION_QUOTE_TTL_SECONDS,
    }),
    offerKeys: () => publishedKeys,
  });
  const storefront = createStorefrontBookingRepository(mongo.connection);
  const bookingPromotions = createBookingPromotions(
    createPeerClient(promotions.PromotionsServiceDefinition, config.PROMOTIONS_ADDRESS, {
      caller: 'booking',
      deadlineMs: config.PROMOTIONS_DEADLINE_MS,
      keepalive,
      tls: peerTlsOf(config),
    }),
  );
  const walletClient = createPeerClient(wallet.WalletServiceDefinition, config.BILLING_ADDRESS, {
    caller: 'booking',
    deadlineMs: config.BILLING_DEADLINE_MS,
    keepalive,
    tls: peerTlsOf(config),
  });
  const settle = createSettleStorefrontBooking({
    storefront,
    money: createStorefrontMoney(walletClient),
    promotions: bookingPromotions,
    now,
    crash,
    eventsWritten,
    logger,
  });
  const storefrontGrpc = createStorefrontBookingGrpc({
    createBooking: createCreateStorefrontBooking({
      idempotent,
      verifier,
      settle,
      discounts: createStorefrontDiscounts(bookingPromotions),
      promotions: bookingPromotions,
    }),
    getBooking: createGetStorefrontBooking({ storefront }),
    listBookings: createListStorefrontBookings({ storefront }),
    cancelBooking: createCancelStorefrontBooking({
      bookings,
      cancelIdempotently,
      storefront,
      settle,
      now,
      eventsWritten,
    }),
    settleBooking: async (bookingId, requestId) => {
      const booking = await storefront.findById(bookingId);
      return booking?.storefront ? settle(booking, requestId) : null;
    },
  });
  const settler = createPeriodicJob({
    name: 'storefront-settler',
    everyMs: config.SETTLE_INTERVAL_MS,
    run: createSettler({ storefront, settle, now, graceMs: config.IDEMPOTENCY_LEASE_MS, logger }),
    logger,
  });
  // Staff views and changes across owners (admin bookings), on the same collection and create path.
  const adminBookings = createAdminBookingRepository(mongo.connection, audit);
  const getAdminBooking = createGetAdminBooking({ bookings: adminBookings });
  const adminGrpc = createAdminBookingsGrpc({
    listAdminBookings: createListAdminBookings({ bookings: adminBookings }),
    createOfflineBooking: createCreateOfflineBooking({
      verifier,
      idempotent,
      settle,
      walletBalance: createWalletBalance(walletClient),
      tenantDiscounts: createTenantDiscounts(bookingPromotions),
      promotions: bookingPromotions,
      logger,
    }),
    assignSupplier: createAssignSupplier({ bookings: adminBookings, now }),
    cancelOfflineBooking: createCancelOfflineBooking({
      getAdminBooking,
      cancelOwned: createCancelOwned({ bookings, quotes, now, eventsWritten }),
      cancelledBy: bookings.findCancelledBy,
      cancelIdempotently,
    }),
    getAdminBooking,
    quoteAdminCancellation: createQuoteAdminCancellation({
      getAdminBooking,
      quoteCancellation: createQuoteCancellation({
        bookings,
        quotes,
        now,
        ttlSeconds: config.CANCELLATION_QUOTE_TTL_SECONDS,
      }),
    }),
  });
  const grpc = createGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    connections: serverConnectionsOf(config),
    reflection: reflectionOf(config),
    peers: serverPeersOf(config, 'booking'),
    services: [
      { definition: booking.BookingServiceDefinition, implementation: bookingGrpc },
      { definition: storefrontBooking.StorefrontBookingServiceDefinition, implementation: storefrontGrpc },
      { definition: adminBooking.AdminBookingServiceDefinition, implementation: adminGrpc },
      {
        definition: bookingHistory.BookingHistoryServiceDefinition,
        implementation: createBookingHistoryGrpc(
          createListBookingHistory({ history: createBookingHistory(mongo.connection) }),
        ),
      },
      {
        definition: keySpending.KeySpendingServiceDefinition,
        implementation: createKeySpendingGrpc(createGetKeySpending({ ledger: spendingLedger, now })),
      },
    ],
    // Kafka is not a readiness dependency: while it is down bookings still succeed and events wait.
    healthChecks: { mongodb: mongo.ping },
    logger,
  });
  const components: Component[] = [mongo, publisher, relayJob, auditRelay, sweeper, settler, grpc];
  return { components, grpc, mongo };
}

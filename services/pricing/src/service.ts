import { createAuditOutbox } from '@travel/audit';
import { pricing } from '@travel/contracts';
import {
  AUDIT_ENTRIES_TOPIC,
  createAuditRelay,
  createEventPublisher,
  createKafka,
  PRICING_CHANGES_TOPIC,
} from '@travel/events';
import { createGrpcServer, reflectionOf, serverConnectionsOf, serverPeersOf } from '@travel/grpc';
import type { Component } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { noteCappedRead } from '@travel/metrics';
import { createMongo, mongoOptionsOf } from '@travel/mongo';
import type { PricingConfig } from './config';
import { collections } from './db/collections';
import { createPricingRuleRepository } from './db/pricing-rule.repository';
import { createCachedRules, RULES_IN_MEMORY_CAP } from './domain/cached-rules';
import { createCreateRule } from './domain/create-rule';
import { createCurrentRates } from './domain/current-rates';
import { createDeleteRule } from './domain/delete-rule';
import { createListRules } from './domain/list-rules';
import { createPriceOffers } from './domain/price-offers';
import { createQuote } from './domain/quote';
import { createRatesInForce } from './domain/rates-in-force';
import { createUpdateRule } from './domain/update-rule';
import { createOwnEchoes } from './events/own-echoes';
import { createRuleChangesListener } from './events/rule-changes.listener';
import { createRuleChanges } from './events/rule-changes.publisher';
import { createPricingGrpc } from './grpc/pricing.grpc';

/**
 * Wires the pricing service by hand: rules repository → rules in memory → use cases → gRPC, with the broadcast
 * of rule changes on `pricing.changes` (publisher, and this replica's own subscriber). Stopped in reverse order.
 */
export function createPricingService(config: PricingConfig, logger: Logger) {
  const mongo = createMongo({ ...mongoOptionsOf(config), logger, collections });
  const kafka = createKafka(config.KAFKA_BROKERS, 'pricing', logger, config.KAFKA_NAMESPACE, config);
  const topicOptions = {
    partitions: config.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
  };
  const publisher = createEventPublisher({
    kafka,
    topics: [PRICING_CHANGES_TOPIC, AUDIT_ENTRIES_TOPIC],
    topicOptions,
    logger,
  });
  // Rule changes are stored with their audit entries; this relay takes them to identity (docs/decisions/audit.md).
  const audit = createAuditOutbox();
  const auditRelay = createAuditRelay({ service: 'pricing', outbox: audit, publisher, config, logger });
  const rules = createPricingRuleRepository(mongo.connection, audit);
  const cachedRules = createCachedRules({
    loadUpTo: (count) => rules.list(undefined, count),
    store: rules,
    cap: RULES_IN_MEMORY_CAP,
    capReached: () => noteCappedRead(logger, 'pricing.rules_cache', RULES_IN_MEMORY_CAP),
    ttlMs: config.RULE_CACHE_TTL_MS,
    now: () => performance.now(),
  });
  const echoes = createOwnEchoes();
  const listener = createRuleChangesListener({
    kafka,
    topicOptions,
    dropRules: cachedRules.drop,
    echoHeard: echoes.heard,
    logger,
  });
  const now = () => new Date();
  const changes = createRuleChanges({
    publisher,
    echoes,
    dropLocal: cachedRules.drop,
    waitMs: config.RULE_BROADCAST_WAIT_MS,
    settleMs: config.RULE_BROADCAST_SETTLE_MS,
    now,
  });
  const defaultMarginBps = config.DEFAULT_MARGIN_BPS;
  const currentRates = createCurrentRates({ rules: cachedRules, defaultMarginBps });
  const pricingGrpc = createPricingGrpc({
    quote: createQuote({ currentRates }),
    priceOffers: createPriceOffers({ currentRates }),
    ratesInForce: createRatesInForce({ currentRates }),
    listRules: createListRules({ rules, defaultMarginBps }),
    createRule: createCreateRule({ rules, changes, now }),
    updateRule: createUpdateRule({ rules, changes, now }),
    deleteRule: createDeleteRule({ rules, changes, now }),
  });
  const grpc = createGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    connections: serverConnectionsOf(config),
    reflection: reflectionOf(config),
    peers: serverPeersOf(config, 'pricing'),
    services: [{ definition: pricing.PricingServiceDefinition, implementation: pricingGrpc }],
    healthChecks: { mongodb: mongo.ping, kafka: publisher.ping },
    logger,
  });
  // The listener joins before gRPC serves, so no change answered by this replica goes unheard by it.
  const components: Component[] = [mongo, publisher, auditRelay, listener, grpc];
  return { components, grpc, mongo, publisher, listener };
}

import { createAuditOutbox } from '@travel/audit';
import { pricing, supply } from '@travel/contracts';
import { AUDIT_ENTRIES_TOPIC, createAuditRelay, createEventPublisher, createKafka } from '@travel/events';
import {
  createGrpcServer,
  createPeerClient,
  keepaliveOf,
  peerTlsOf,
  reflectionOf,
  serverConnectionsOf,
  serverPeersOf,
} from '@travel/grpc';
import type { Component } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createCounters, createMongo, mongoOptionsOf } from '@travel/mongo';
import type { SupplyConfig } from './config';
import { collections } from './db/collections';
import { createInsurancePolicyRepository } from './db/insurance-policy.repository';
import { createSupplierRepository } from './db/supplier.repository';
import { createVendorRepository } from './db/vendor.repository';
import { createCreateInsurancePolicy, createListInsurancePolicies } from './domain/manage-insurance-policies';
import {
  createCreateSupplier,
  createDeleteSupplier,
  createGetSupplier,
  createListSuppliers,
  createUpdateSupplier,
} from './domain/manage-suppliers';
import {
  createCreateVendor,
  createDeleteVendor,
  createListVendors,
  createUpdateVendor,
} from './domain/manage-vendors';
import { createQuotePremium } from './grpc/pricing.client';
import { createSupplyGrpc } from './grpc/supply.grpc';

export interface SupplyServiceOptions {
  /** The clock of records; tests pass their own. */
  now?: () => Date;
}

/**
 * Supply owns suppliers, vendors and insurance products. It consumes no events and publishes only its changes'
 * audit entries (`audit.entries`, relayed from the changed documents); insurance premiums
 * are priced through pricing's Quote on every read. Its health has no pricing check: pricing reports its own, and
 * a pricing outage fails only the insurance reads. Wired by hand: repositories → use cases → gRPC.
 */
export function createSupplyService(
  config: SupplyConfig,
  logger: Logger,
  options: SupplyServiceOptions = {},
) {
  const now = options.now ?? (() => new Date());
  const mongo = createMongo({ ...mongoOptionsOf(config), logger, collections });
  const counters = createCounters(mongo.connection);
  const pricingClient = createPeerClient(pricing.PricingServiceDefinition, config.PRICING_ADDRESS, {
    caller: 'supply',
    deadlineMs: config.PRICING_DEADLINE_MS,
    keepalive: keepaliveOf(config),
    tls: peerTlsOf(config),
  });
  const kafka = createKafka(config.KAFKA_BROKERS, 'supply', logger, config.KAFKA_NAMESPACE, config);
  const topicOptions = {
    partitions: config.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
  };
  const publisher = createEventPublisher({ kafka, topics: [AUDIT_ENTRIES_TOPIC], topicOptions, logger });
  const audit = createAuditOutbox();
  const auditRelay = createAuditRelay({ service: 'supply', outbox: audit, publisher, config, logger });
  const supplierDeps = { suppliers: createSupplierRepository(mongo.connection, audit), counters, now };
  const vendorDeps = { vendors: createVendorRepository(mongo.connection, audit), counters, now };
  const policyDeps = {
    policies: createInsurancePolicyRepository(mongo.connection, audit),
    counters,
    quote: createQuotePremium(pricingClient),
    now,
  };
  const supplyGrpc = createSupplyGrpc({
    getSupplier: createGetSupplier(supplierDeps),
    listSuppliers: createListSuppliers(supplierDeps),
    createSupplier: createCreateSupplier(supplierDeps),
    updateSupplier: createUpdateSupplier(supplierDeps),
    deleteSupplier: createDeleteSupplier(supplierDeps),
    listVendors: createListVendors(vendorDeps),
    createVendor: createCreateVendor(vendorDeps),
    updateVendor: createUpdateVendor(vendorDeps),
    deleteVendor: createDeleteVendor(vendorDeps),
    listInsurancePolicies: createListInsurancePolicies(policyDeps),
    createInsurancePolicy: createCreateInsurancePolicy(policyDeps),
  });
  const grpc = createGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    connections: serverConnectionsOf(config),
    reflection: reflectionOf(config),
    peers: serverPeersOf(config, 'supply'),
    services: [{ definition: supply.SupplyServiceDefinition, implementation: supplyGrpc }],
    healthChecks: { mongodb: mongo.ping, kafka: publisher.ping },
    logger,
  });
  const components: Component[] = [mongo, publisher, auditRelay, grpc];
  return { components, grpc, mongo };
}

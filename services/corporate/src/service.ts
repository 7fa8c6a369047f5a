import { createAuditOutbox } from '@travel/audit';
import { corporate } from '@travel/contracts';
import { AUDIT_ENTRIES_TOPIC, createAuditRelay, createEventPublisher, createKafka } from '@travel/events';
import {
  createGrpcServer,
  keepaliveOf,
  peerTlsOf,
  reflectionOf,
  serverConnectionsOf,
  serverPeersOf,
} from '@travel/grpc';
import type { Component } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createMongo, mongoOptionsOf } from '@travel/mongo';
import type { CorporateConfig } from './config';
import { collections } from './db/collections';
import { createCorporateRepositories } from './db/corporate.repositories';
import { approverRules } from './domain/approvers';
import { contractRules } from './domain/contracts';
import { costCenterRules } from './domain/cost-centers';
import { createDirectoryUseCases } from './domain/directory-use-cases';
import { createEmployeeUseCases } from './domain/employees';
import { policyRules } from './domain/policies';
import { createCorporateGrpc } from './grpc/corporate.grpc';
import { createIdentityLink } from './grpc/identity.client';
import { createSupplierDirectory } from './grpc/supply.client';

/**
 * Wires the corporate service by hand: the five directory collections (each change stored with its audit entry,
 * relayed to `audit.entries`) → use cases (with identity for tenants, supply for contract suppliers) → gRPC.
 * Stopped in reverse order.
 */
export function createCorporateService(config: CorporateConfig, logger: Logger) {
  const mongo = createMongo({ ...mongoOptionsOf(config), logger, collections });
  const kafka = createKafka(config.KAFKA_BROKERS, 'corporate', logger, config.KAFKA_NAMESPACE, config);
  const topicOptions = {
    partitions: config.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
  };
  const publisher = createEventPublisher({ kafka, topics: [AUDIT_ENTRIES_TOPIC], topicOptions, logger });
  const audit = createAuditOutbox();
  const auditRelay = createAuditRelay({ service: 'corporate', outbox: audit, publisher, config, logger });
  const repositories = createCorporateRepositories(mongo.connection, audit);
  const keepalive = keepaliveOf(config);
  const identity = createIdentityLink(config.IDENTITY_ADDRESS, {
    caller: 'corporate',
    deadlineMs: config.IDENTITY_DEADLINE_MS,
    keepalive,
    tls: peerTlsOf(config),
  });
  const suppliers = createSupplierDirectory(config.SUPPLY_ADDRESS, {
    caller: 'corporate',
    deadlineMs: config.SUPPLY_DEADLINE_MS,
    keepalive,
    tls: peerTlsOf(config),
  });
  const deps = { tenants: identity.tenants, now: () => new Date() };
  const { costCenters, approvers, policies, employees, contracts } = repositories;
  const corporateGrpc = createCorporateGrpc({
    costCenters: createDirectoryUseCases(costCenterRules, { directory: costCenters, ...deps }),
    approvers: createDirectoryUseCases(approverRules, { directory: approvers, ...deps }),
    policies: createDirectoryUseCases(policyRules, { directory: policies, ...deps }),
    contracts: createDirectoryUseCases(contractRules(suppliers), { directory: contracts, ...deps }),
    employees: createEmployeeUseCases({
      employees,
      references: { costCenterId: costCenters, approverId: approvers, policyId: policies },
      ...deps,
    }),
  });
  const grpc = createGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    connections: serverConnectionsOf(config),
    reflection: reflectionOf(config),
    peers: serverPeersOf(config, 'corporate'),
    services: [{ definition: corporate.CorporateServiceDefinition, implementation: corporateGrpc }],
    healthChecks: { mongodb: mongo.ping, kafka: publisher.ping },
    logger,
  });
  const components: Component[] = [mongo, publisher, auditRelay, grpc];
  return { components, grpc, mongo };
}

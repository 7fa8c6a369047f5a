import { corporate } from '@travel/contracts';
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
 * Wires the corporate service by hand: the five directory collections → use cases (with identity for tenants
 * and the audit log, supply for contract suppliers) → gRPC. Stopped in reverse order.
 */
export function createCorporateService(config: CorporateConfig, logger: Logger) {
  const mongo = createMongo({ ...mongoOptionsOf(config), logger, collections });
  const repositories = createCorporateRepositories(mongo.connection);
  const keepalive = keepaliveOf(config);
  const identity = createIdentityLink(
    config.IDENTITY_ADDRESS,
    { caller: 'corporate', deadlineMs: config.IDENTITY_DEADLINE_MS, keepalive, tls: peerTlsOf(config) },
    logger,
  );
  const suppliers = createSupplierDirectory(config.SUPPLY_ADDRESS, {
    caller: 'corporate',
    deadlineMs: config.SUPPLY_DEADLINE_MS,
    keepalive,
    tls: peerTlsOf(config),
  });
  const deps = { audit: identity.audit, tenants: identity.tenants, now: () => new Date() };
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
    healthChecks: { mongodb: mongo.ping },
    logger,
  });
  const components: Component[] = [mongo, grpc];
  return { components, grpc, mongo };
}

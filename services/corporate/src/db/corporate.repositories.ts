import type { AuditOutbox } from '@travel/audit';
import type { Connection } from 'mongoose';
import type { TextFilter } from '../domain/directory';
import type { EmployeeFilter } from '../domain/employees';
import type { Approver, Contract, CostCenter, Employee, Policy, Service } from '../domain/records';
import { createDirectoryRepository } from './directory.repository';
import {
  approverSchema,
  contractSchema,
  costCenterSchema,
  employeeSchema,
  policySchema,
} from './kinds.schema';

export interface ContractFilter {
  q?: undefined;
  supplierId?: string;
  service?: Service;
  /** `YYYY-MM-DD`: contracts valid on that day. */
  activeOn?: string;
}

const text = (...parts: (string | null)[]) => parts.filter(Boolean).join(' ').toLowerCase();
const defined = (filter: object) =>
  Object.fromEntries(Object.entries(filter).filter(([key, value]) => key !== 'q' && value !== undefined));

/** The five directory collections of the corporate database. */
export function createCorporateRepositories(connection: Connection, audit: AuditOutbox) {
  return {
    costCenters: createDirectoryRepository<CostCenter, TextFilter>(connection, audit, {
      model: 'CostCenter',
      schema: costCenterSchema,
      prefix: 'cc',
      counted: true,
      derived: (f) => ({ search: text(f.code, f.name), codeKey: f.code.toUpperCase() }),
      duplicate: (f) => `A cost centre with code ${f.code} already exists in this tenant.`,
      where: () => ({}),
    }),
    approvers: createDirectoryRepository<Approver, TextFilter>(connection, audit, {
      model: 'Approver',
      schema: approverSchema,
      prefix: 'apr',
      counted: true,
      derived: (f) => ({ search: text(f.name, f.email) }),
      duplicate: (f) => `An approver with email ${f.email} already exists in this tenant.`,
      where: () => ({}),
    }),
    policies: createDirectoryRepository<Policy, TextFilter>(connection, audit, {
      model: 'Policy',
      schema: policySchema,
      prefix: 'pol',
      counted: true,
      derived: (f) => ({ search: text(f.name), nameKey: f.name.toLowerCase() }),
      duplicate: (f) => `A policy named ${f.name} already exists in this tenant.`,
      where: () => ({}),
    }),
    employees: createDirectoryRepository<Employee, EmployeeFilter>(connection, audit, {
      model: 'Employee',
      schema: employeeSchema,
      prefix: 'emp',
      derived: (f) => ({ search: text(f.name, f.email, f.employeeCode) }),
      duplicate: (f) => `An employee with email ${f.email} already exists in this tenant.`,
      where: defined,
    }),
    contracts: createDirectoryRepository<Contract, ContractFilter>(connection, audit, {
      model: 'Contract',
      schema: contractSchema,
      prefix: 'ctr',
      derived: (f) => ({ search: text(f.reference) }),
      duplicate: () => 'This contract already exists.',
      where: ({ activeOn, ...rest }) => ({
        ...defined(rest),
        ...(activeOn ? { validFrom: { $lte: activeOn }, validUntil: { $gte: activeOn } } : {}),
      }),
    }),
  };
}

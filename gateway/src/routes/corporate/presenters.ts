import type { corporate } from '@travel/contracts';
import { iso } from '../common/iso';

const times = (record: { createdAt?: Date; updatedAt?: Date }) => ({
  createdAt: iso(record.createdAt),
  updatedAt: iso(record.updatedAt),
});

export function presentCostCenter(c: corporate.CostCenter) {
  return {
    id: c.id,
    tenantId: c.tenantId,
    code: c.code,
    name: c.name,
    description: c.description ?? null,
    employeeCount: c.employeeCount,
    ...times(c),
  };
}

export function presentApprover(a: corporate.Approver) {
  return {
    id: a.id,
    tenantId: a.tenantId,
    name: a.name,
    email: a.email,
    approvalLimit: a.approvalLimit ?? null,
    employeeCount: a.employeeCount,
    ...times(a),
  };
}

const limits = (rule: corporate.ServiceRule | undefined) => ({
  maxAmount: rule?.maxAmount ?? 0,
  approvalThreshold: rule?.approvalThreshold ?? 0,
});

export function presentPolicy(p: corporate.Policy) {
  return {
    id: p.id,
    tenantId: p.tenantId,
    name: p.name,
    description: p.description ?? null,
    flight: { ...limits(p.flight), allowedCabins: p.flight?.allowedCabins ?? [] },
    hotel: limits(p.hotel),
    car: limits(p.car),
    employeeCount: p.employeeCount,
    ...times(p),
  };
}

export function presentEmployee(e: corporate.Employee) {
  return {
    id: e.id,
    tenantId: e.tenantId,
    name: e.name,
    email: e.email,
    employeeCode: e.employeeCode ?? null,
    costCenterId: e.costCenterId,
    approverId: e.approverId,
    policyId: e.policyId ?? null,
    status: e.status,
    ...times(e),
  };
}

export function presentContract(c: corporate.Contract) {
  return {
    id: c.id,
    tenantId: c.tenantId,
    supplierId: c.supplierId,
    service: c.service,
    discountBps: c.discountBps,
    validFrom: c.validFrom,
    validUntil: c.validUntil,
    reference: c.reference ?? null,
    ...times(c),
  };
}

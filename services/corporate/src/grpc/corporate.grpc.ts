import type { corporate } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import type { ContractFilter } from '../db/corporate.repositories';
import type { ApproverInput, ApproverPatch } from '../domain/approvers';
import type { ContractInput, ContractPatch } from '../domain/contracts';
import type { CostCenterInput, CostCenterPatch } from '../domain/cost-centers';
import type { TextFilter } from '../domain/directory';
import type { createDirectoryUseCases } from '../domain/directory-use-cases';
import type { createEmployeeUseCases } from '../domain/employees';
import type { PolicyInput, PolicyPatch } from '../domain/policies';
import type {
  Approver,
  Contract,
  CostCenter,
  EmployeeStatus,
  Policy,
  Service,
  ServiceRule,
} from '../domain/records';
import { requireActor } from '../domain/tenant-scope';

type UseCases<R extends CostCenter | Approver | Policy | Contract, F, I, P> = ReturnType<
  typeof createDirectoryUseCases<R, F, I, P>
>;

export interface CorporateUseCases {
  costCenters: UseCases<CostCenter, TextFilter, CostCenterInput, CostCenterPatch>;
  approvers: UseCases<Approver, TextFilter, ApproverInput, ApproverPatch>;
  policies: UseCases<Policy, TextFilter, PolicyInput, PolicyPatch>;
  contracts: UseCases<Contract, ContractFilter, ContractInput, ContractPatch>;
  employees: ReturnType<typeof createEmployeeUseCases>;
}

/** Thin handlers: decode, call one use case, encode. Shapes were checked by the gateway; rules here. */
export function createCorporateGrpc(
  useCases: CorporateUseCases,
): ServiceImplementation<typeof corporate.CorporateServiceDefinition, RequestContext> {
  const { costCenters, approvers, policies, contracts, employees } = useCases;
  const page = (request: { limit: number; cursor?: string }) => ({
    limit: request.limit,
    ...(request.cursor === undefined ? {} : { cursor: request.cursor }),
  });
  return {
    async listCostCenters(r) {
      const found = await costCenters.list(requireActor(r.caller), r.tenantId, { q: r.q }, page(r));
      return { costCenters: found.items.map(absentNulls), nextCursor: found.nextCursor };
    },
    async createCostCenter({ caller, tenantId, ...input }) {
      return { costCenter: absentNulls(await costCenters.create(requireActor(caller), tenantId, input)) };
    },
    async updateCostCenter({ caller, id, ...patch }) {
      return { costCenter: absentNulls(await costCenters.update(requireActor(caller), id, patch)) };
    },
    async deleteCostCenter({ caller, id }) {
      await costCenters.remove(requireActor(caller), id);
      return {};
    },

    async listApprovers(r) {
      const found = await approvers.list(requireActor(r.caller), r.tenantId, { q: r.q }, page(r));
      return { approvers: found.items.map(absentNulls), nextCursor: found.nextCursor };
    },
    async createApprover({ caller, tenantId, ...input }) {
      return { approver: absentNulls(await approvers.create(requireActor(caller), tenantId, input)) };
    },
    async updateApprover({ caller, id, clearApprovalLimit, approvalLimit, ...rest }) {
      const patch = { ...rest, approvalLimit: clearApprovalLimit ? null : approvalLimit };
      return { approver: absentNulls(await approvers.update(requireActor(caller), id, patch)) };
    },
    async deleteApprover({ caller, id }) {
      await approvers.remove(requireActor(caller), id);
      return {};
    },

    async listPolicies(r) {
      const found = await policies.list(requireActor(r.caller), r.tenantId, { q: r.q }, page(r));
      return { policies: found.items.map(absentNulls), nextCursor: found.nextCursor };
    },
    async createPolicy({ caller, tenantId, flight, hotel, car, ...rest }) {
      const input = { ...rest, flight: ruleOf(flight), hotel: ruleOf(hotel), car: ruleOf(car) };
      return { policy: absentNulls(await policies.create(requireActor(caller), tenantId, input)) };
    },
    async updatePolicy({ caller, id, flight, hotel, car, ...rest }) {
      const patch = {
        ...rest,
        flight: flight && ruleOf(flight),
        hotel: hotel && ruleOf(hotel),
        car: car && ruleOf(car),
      };
      return { policy: absentNulls(await policies.update(requireActor(caller), id, patch)) };
    },
    async deletePolicy({ caller, id }) {
      await policies.remove(requireActor(caller), id);
      return {};
    },

    async listEmployees({ caller, tenantId, limit, cursor, status, ...filter }) {
      const found = await employees.list(
        requireActor(caller),
        tenantId,
        { ...filter, status: status as EmployeeStatus | undefined },
        page({ limit, cursor }),
      );
      return { employees: found.items.map(absentNulls), nextCursor: found.nextCursor };
    },
    async createEmployee({ caller, tenantId, status, ...input }) {
      const employee = await employees.create(requireActor(caller), tenantId, {
        ...input,
        status: status as EmployeeStatus | undefined,
      });
      return { employee: absentNulls(employee) };
    },
    async updateEmployee({ caller, id, clearPolicy, policyId, status, ...rest }) {
      const patch = {
        ...rest,
        policyId: clearPolicy ? null : policyId,
        status: status as EmployeeStatus | undefined,
      };
      return { employee: absentNulls(await employees.update(requireActor(caller), id, patch)) };
    },
    async deleteEmployee({ caller, id }) {
      await employees.remove(requireActor(caller), id);
      return {};
    },

    async listContracts({ caller, tenantId, limit, cursor, service, ...filter }) {
      const found = await contracts.list(
        requireActor(caller),
        tenantId,
        { ...filter, service: service as Service | undefined },
        page({ limit, cursor }),
      );
      return { contracts: found.items.map(absentNulls), nextCursor: found.nextCursor };
    },
    async createContract({ caller, tenantId, service, ...rest }) {
      const input = { ...rest, service: service as Service };
      return { contract: absentNulls(await contracts.create(requireActor(caller), tenantId, input)) };
    },
    async updateContract({ caller, id, service, ...rest }) {
      const patch = { ...rest, service: service as Service | undefined };
      return { contract: absentNulls(await contracts.update(requireActor(caller), id, patch)) };
    },
    async deleteContract({ caller, id }) {
      await contracts.remove(requireActor(caller), id);
      return {};
    },
  };
}

/** A service rule from the wire; an absent one allows nothing (the gateway requires all three). */
function ruleOf(rule: corporate.ServiceRule | undefined): ServiceRule {
  return {
    maxAmount: rule?.maxAmount ?? 0,
    approvalThreshold: rule?.approvalThreshold ?? 0,
    allowedCabins: (rule?.allowedCabins ?? []) as ServiceRule['allowedCabins'],
  };
}

/** Records say null where proto3 says absent. */
function absentNulls<R extends object>(record: R): { [K in keyof R]: Exclude<R[K], null> | undefined } {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, value === null ? undefined : value]),
  ) as { [K in keyof R]: Exclude<R[K], null> | undefined };
}

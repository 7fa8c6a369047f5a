import type { corporate } from '@travel/contracts';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { stringParam } from '../common/params';
import {
  approverRequests,
  contractRequests,
  costCenterRequests,
  employeeRequests,
  policyRequests,
} from './corporate.contract';
import {
  presentApprover,
  presentContract,
  presentCostCenter,
  presentEmployee,
  presentPolicy,
} from './presenters';

/** Any staff member: tenant staff on their own tenant, the platform on any (docs/access.md, "Callers"). */
const staff: RouteAccess = { kind: 'staff' };
type Corporate = ServiceClients['corporate'];
type Caller = ReturnType<typeof callerOf>;
type Page = { nextCursor?: string };

/** One kind of directory record: its path, request shapes, calls and presenter. */
interface DirectoryKind<L extends z.ZodType, C extends z.ZodType, U extends z.ZodType, R> {
  path: string;
  requests: { list: L; create: C; update: U };
  list(api: Corporate, caller: Caller, query: z.output<L>, res: Response): Promise<{ items: R[] } & Page>;
  create(api: Corporate, caller: Caller, body: z.output<C>, res: Response): Promise<R | undefined>;
  update(
    api: Corporate,
    caller: Caller,
    id: string,
    body: z.output<U>,
    res: Response,
  ): Promise<R | undefined>;
  remove(api: Corporate, caller: Caller, id: string, res: Response): Promise<unknown>;
  present(record: R): object;
}

/** `GET`/`POST /api/admin/<kind>` and `PUT`/`DELETE /api/admin/<kind>/:id` for one kind. */
function directoryRoutes<L extends z.ZodType, C extends z.ZodType, U extends z.ZodType, R>(
  api: Corporate,
  kind: DirectoryKind<L, C, U, R>,
): RouteDefinition[] {
  const present = (record: R | undefined) => dataBody(record === undefined ? null : kind.present(record));
  const idOf = (req: Request) => stringParam(req, 'id');
  return [
    {
      method: 'get',
      path: kind.path,
      access: staff,
      handlers: [
        async (req, res) => {
          const query = validate(kind.requests.list, req.query, 'query');
          const page = await kind.list(api, callerOf(res), query, res);
          res.json(listBody(page.items.map(kind.present), page.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'post',
      path: kind.path,
      access: staff,
      handlers: [
        async (req, res) => {
          const body = validate(kind.requests.create, req.body);
          res.status(201).json(present(await kind.create(api, callerOf(res), body, res)));
        },
      ],
    },
    {
      method: 'put',
      path: `${kind.path}/:id`,
      access: staff,
      handlers: [
        async (req, res) => {
          const body = validate(kind.requests.update, req.body);
          res.json(present(await kind.update(api, callerOf(res), idOf(req), body, res)));
        },
      ],
    },
    {
      method: 'delete',
      path: `${kind.path}/:id`,
      access: staff,
      handlers: [
        async (req, res) => {
          const id = idOf(req);
          await kind.remove(api, callerOf(res), id, res);
          res.json(dataBody({ id, deleted: true }));
        },
      ],
    },
  ];
}

/** HTTP says null where the contract says "clear": an empty string. */
const cleared = (value: string | null | undefined) => (value === null ? '' : value);

/** The corporate travel directory of a tenant: cost centres, approvers, policies, employees, contracts. */
export function corporateRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.corporate;
  const o = callOptions;
  return [
    ...directoryRoutes(api, {
      path: '/api/admin/cost-centers',
      requests: costCenterRequests,
      list: async (a, caller, query, res) => {
        const reply = await a.listCostCenters({ caller, ...query }, o(res));
        return { items: reply.costCenters, nextCursor: reply.nextCursor };
      },
      create: async (a, caller, body, res) =>
        (await a.createCostCenter({ caller, ...body }, o(res))).costCenter,
      update: async (a, caller, id, { description, ...body }, res) =>
        (await a.updateCostCenter({ caller, id, ...body, description: cleared(description) }, o(res)))
          .costCenter,
      remove: (a, caller, id, res) => a.deleteCostCenter({ caller, id }, o(res)),
      present: presentCostCenter,
    }),
    ...directoryRoutes(api, {
      path: '/api/admin/approvers',
      requests: approverRequests,
      list: async (a, caller, query, res) => {
        const reply = await a.listApprovers({ caller, ...query }, o(res));
        return { items: reply.approvers, nextCursor: reply.nextCursor };
      },
      create: async (a, caller, body, res) => (await a.createApprover({ caller, ...body }, o(res))).approver,
      update: async (a, caller, id, { approvalLimit, ...body }, res) => {
        const limit = {
          approvalLimit: approvalLimit ?? undefined,
          clearApprovalLimit: approvalLimit === null,
        };
        return (await a.updateApprover({ caller, id, ...body, ...limit }, o(res))).approver;
      },
      remove: (a, caller, id, res) => a.deleteApprover({ caller, id }, o(res)),
      present: presentApprover,
    }),
    ...directoryRoutes(api, {
      path: '/api/admin/policies',
      requests: policyRequests,
      list: async (a, caller, query, res) => {
        const reply = await a.listPolicies({ caller, ...query }, o(res));
        return { items: reply.policies, nextCursor: reply.nextCursor };
      },
      create: async (a, caller, { hotel, car, ...body }, res) =>
        (await a.createPolicy({ caller, ...body, hotel: stayRule(hotel), car: stayRule(car) }, o(res)))
          .policy,
      update: async (a, caller, id, { description, hotel, car, ...body }, res) => {
        const rules = { hotel: hotel && stayRule(hotel), car: car && stayRule(car) };
        const change = { ...body, ...rules, description: cleared(description) };
        return (await a.updatePolicy({ caller, id, ...change }, o(res))).policy;
      },
      remove: (a, caller, id, res) => a.deletePolicy({ caller, id }, o(res)),
      present: presentPolicy,
    }),
    ...directoryRoutes(api, {
      path: '/api/admin/employees',
      requests: employeeRequests,
      list: async (a, caller, query, res) => {
        const reply = await a.listEmployees({ caller, ...query }, o(res));
        return { items: reply.employees, nextCursor: reply.nextCursor };
      },
      create: async (a, caller, body, res) => (await a.createEmployee({ caller, ...body }, o(res))).employee,
      update: async (a, caller, id, { employeeCode, policyId, ...body }, res) => {
        const change = {
          ...body,
          employeeCode: cleared(employeeCode),
          policyId: policyId ?? undefined,
          clearPolicy: policyId === null,
        };
        return (await a.updateEmployee({ caller, id, ...change }, o(res))).employee;
      },
      remove: (a, caller, id, res) => a.deleteEmployee({ caller, id }, o(res)),
      present: presentEmployee,
    }),
    ...directoryRoutes(api, {
      path: '/api/admin/contracts',
      requests: contractRequests,
      list: async (a, caller, query, res) => {
        const reply = await a.listContracts({ caller, ...query }, o(res));
        return { items: reply.contracts, nextCursor: reply.nextCursor };
      },
      create: async (a, caller, body, res) => (await a.createContract({ caller, ...body }, o(res))).contract,
      update: async (a, caller, id, { reference, ...body }, res) =>
        (await a.updateContract({ caller, id, ...body, reference: cleared(reference) }, o(res))).contract,
      remove: (a, caller, id, res) => a.deleteContract({ caller, id }, o(res)),
      present: presentContract,
    }),
  ];
}

/** Hotels and cars have no cabins. */
function stayRule(rule: { maxAmount: number; approvalThreshold: number }): corporate.ServiceRule {
  return { ...rule, allowedCabins: [] };
}

import { badRequest, type FieldProblem } from '@travel/errors';
import { entryOf } from './audit-trail';
import type { Directory, PageRequest, Referenced, TextFilter } from './directory';
import { changedMeanwhile, changeOf, notFound } from './directory-use-cases';
import type { Employee, EmployeeStatus, Fields } from './records';
import type { TenantDirectory } from './tenant-scope';
import { type Actor, listScope, ownerOf, requireOwner, scopeOf } from './tenant-scope';

export interface EmployeeInput {
  name: string;
  email: string;
  employeeCode?: string;
  costCenterId: string;
  approverId: string;
  policyId?: string;
  status?: EmployeeStatus;
}
export interface EmployeePatch {
  name?: string;
  email?: string;
  /** '' clears it. */
  employeeCode?: string;
  costCenterId?: string;
  approverId?: string;
  /** null removes the policy. */
  policyId?: string | null;
  status?: EmployeeStatus;
}
export interface EmployeeFilter extends TextFilter {
  costCenterId?: string;
  approverId?: string;
  policyId?: string;
  status?: EmployeeStatus;
}

/** The records an employee names, each counting the employees that name it. */
export interface EmployeeReferences {
  costCenterId: Referenced;
  approverId: Referenced;
  policyId: Referenced;
}
type Reference = keyof EmployeeReferences;
const REFERENCES: [Reference, string][] = [
  ['costCenterId', 'cost centre'],
  ['approverId', 'approver'],
  ['policyId', 'policy'],
];
const kind = { type: 'employee', label: 'employee' };

/**
 * Employees: each names a cost centre, an approver and optionally a policy of its own tenant. A reference is
 * taken by counting it on the named record first (a conditional `$inc` that finds the record only in the
 * tenant), then the employee is written; a failed write gives the counts back. A record is deleted only while
 * its count is 0 (one conditional delete), so a delete racing a new reference either lands first (the claim
 * then finds nothing: `bad_request`) or sees the count (`conflict`); an employee never names a deleted record.
 */
export function createEmployeeUseCases(deps: {
  employees: Directory<Employee, EmployeeFilter>;
  references: EmployeeReferences;
  tenants: TenantDirectory;
  now: () => Date;
}) {
  const { employees, references, tenants, now } = deps;

  /** Claims each reference that is new against `current`; all or none (every missing one is listed). */
  async function claimChanged(tenantId: string, fields: Fields<Employee>, current?: Employee) {
    const claimed: Reference[] = [];
    const problems: FieldProblem[] = [];
    for (const [name, label] of REFERENCES) {
      const id = fields[name];
      if (id === null || id === current?.[name]) continue;
      if (await references[name].claim(tenantId, id)) claimed.push(name);
      else problems.push({ path: name, message: `No ${label} ${id} in this tenant.` });
    }
    const release = () => releaseAll(fields, claimed);
    if (problems.length > 0) {
      await release();
      throw badRequest(problems);
    }
    return release;
  }

  async function releaseAll(fields: Fields<Employee>, names: Reference[]) {
    for (const name of names) {
      const id = fields[name];
      if (id !== null) await references[name].release(id);
    }
  }

  /** Runs a write with references claimed; the claims are given back when the write fails. */
  async function withClaims<T>(release: () => Promise<void>, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      await release();
      throw error;
    }
  }

  return {
    list(actor: Actor, tenantId: string | undefined, filter: EmployeeFilter, page: PageRequest) {
      return employees.list(listScope(actor, tenantId), filter, page);
    },

    async create(actor: Actor, tenantId: string | undefined, input: EmployeeInput): Promise<Employee> {
      const owner = ownerOf(actor, tenantId);
      if (actor.kind === 'platform-staff') await requireOwner(tenants, actor, owner);
      const fields = buildEmployee(input);
      const release = await claimChanged(owner, fields);
      const at = now();
      return withClaims(release, () =>
        employees.insert(owner, fields, at, (employee) =>
          entryOf(actor, changeOf(kind, 'created', employee, fields), at),
        ),
      );
    },

    async update(actor: Actor, id: string, patch: EmployeePatch): Promise<Employee> {
      const scope = scopeOf(actor);
      const current = await employees.get(scope, id);
      if (!current) throw notFound(kind, id);
      const fields = mergeEmployee(current, patch);
      const release = await claimChanged(current.tenantId, fields, current);
      const updated = await withClaims(release, async () => {
        const at = now();
        const entry = entryOf(actor, changeOf(kind, 'updated', current, fields), at);
        const replaced = await employees.replace(scope, id, current.version, fields, at, entry);
        if (!replaced) throw changedMeanwhile(kind, id);
        return replaced;
      });
      const dropped = REFERENCES.map(([name]) => name).filter((name) => current[name] !== fields[name]);
      await releaseAll(current, dropped);
      return updated;
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const scope = scopeOf(actor);
      const current = await employees.get(scope, id);
      if (!current) throw notFound(kind, id);
      const removed = await employees.remove(
        scope,
        id,
        entryOf(actor, changeOf(kind, 'deleted', current, {}), now()),
      );
      if (!removed) throw notFound(kind, id);
      await releaseAll(
        removed,
        REFERENCES.map(([name]) => name),
      );
    },
  };
}

function buildEmployee(input: EmployeeInput): Fields<Employee> {
  return {
    name: input.name,
    email: input.email.toLowerCase(),
    employeeCode: input.employeeCode || null,
    costCenterId: input.costCenterId,
    approverId: input.approverId,
    policyId: input.policyId ?? null,
    status: input.status ?? 'active',
  };
}

function mergeEmployee(current: Employee, patch: EmployeePatch): Fields<Employee> {
  return {
    name: patch.name ?? current.name,
    email: patch.email?.toLowerCase() ?? current.email,
    employeeCode: patch.employeeCode === undefined ? current.employeeCode : patch.employeeCode || null,
    costCenterId: patch.costCenterId ?? current.costCenterId,
    approverId: patch.approverId ?? current.approverId,
    policyId: patch.policyId === undefined ? current.policyId : patch.policyId,
    status: patch.status ?? current.status,
  };
}

import { badRequest } from '@travel/errors';
import type { RoleRepository } from '../../db/role.repository';
import { displayNameProblems } from '../display-name';
import type { IdentityChanges } from '../identity-changes';
import type { Role, StaffActor } from './staff';
import { staffChangeEntry } from './staff-change';
import { rightsProblems, uniqueRights } from './staff-fields';
import { assertWithinActorRights, tenantForNew } from './staff-scope';

export interface CreateRoleDeps {
  roles: RoleRepository;
  changes: IdentityChanges;
  /** Roles (and so users) are created only for tenants of the directory. */
  tenantExists: (tenantId: string) => Promise<boolean>;
  newRoleId: () => Promise<string>;
  now: () => Date;
}

export interface CreateRoleInput {
  name: string;
  rights: string[];
  /** Honoured for platform staff only; tenant staff create roles of their own tenant. */
  tenantId?: string | undefined;
}

/**
 * A role of the actor's tenant (or, for platform staff, of any tenant or the platform) within the actor's rights,
 * stored with its audit entry.
 */
export function createCreateRole(deps: CreateRoleDeps) {
  const { roles, changes, tenantExists, newRoleId, now } = deps;
  return async function createRole(actor: StaffActor, input: CreateRoleInput): Promise<Role> {
    const problems = [...displayNameProblems(input.name, 'name'), ...rightsProblems(input.rights)];
    if (problems.length > 0) throw badRequest(problems);
    const rights = uniqueRights(input.rights);
    assertWithinActorRights(actor, rights);
    const tenantId = tenantForNew(actor, input.tenantId);
    if (tenantId !== null && !(await tenantExists(tenantId))) {
      throw badRequest([{ path: 'tenantId', message: 'No such tenant.' }]);
    }
    const fields = {
      id: await newRoleId(),
      name: input.name.trim(),
      tenantId,
      rights,
      builtIn: false,
      createdAt: now(),
    };
    const entry = staffChangeEntry(
      actor,
      'role',
      'created',
      fields.id,
      { name: fields.name, rights, tenantId },
      fields.createdAt,
    );
    const role = await roles.create(fields, entry);
    await changes.announceCreated('role', role.id);
    return role;
  };
}

import { AppError, badRequest } from '@travel/errors';
import type { RoleRepository } from '../../db/role.repository';
import { displayNameProblems } from '../display-name';
import type { IdentityChanges } from '../identity-changes';
import type { Role, StaffActor } from './staff';
import { staffChangeEntry } from './staff-change';
import { rightsProblems, uniqueRights } from './staff-fields';
import { findVisibleRole } from './staff-lookups';
import { assertChangeable, assertWithinActorRights, staffScopeOf } from './staff-scope';

export interface UpdateRoleDeps {
  roles: RoleRepository;
  changes: IdentityChanges;
  now: () => Date;
}

export interface UpdateRoleInput {
  name?: string | undefined;
  /** Present: replaces the rights. */
  rights?: string[] | undefined;
}

/**
 * Renames a role or replaces its rights, with its audit entry; the actor must hold the rights it had and the
 * rights it gets.
 */
export function createUpdateRole({ roles, changes, now }: UpdateRoleDeps) {
  return async function updateRole(actor: StaffActor, id: string, input: UpdateRoleInput): Promise<Role> {
    const role = await findVisibleRole(roles, actor, id);
    assertChangeable(role);
    const problems = [
      ...(input.name === undefined ? [] : displayNameProblems(input.name, 'name')),
      ...(input.rights === undefined ? [] : rightsProblems(input.rights)),
    ];
    if (problems.length > 0) throw badRequest(problems);
    const rights = input.rights === undefined ? undefined : uniqueRights(input.rights);
    assertWithinActorRights(actor, [...role.rights, ...(rights ?? [])]);
    const wanted = {
      ...(input.name === undefined ? {} : { name: input.name.trim() }),
      ...(rights === undefined ? {} : { rights }),
    };
    const at = now();
    const entry = staffChangeEntry(actor, 'role', 'updated', role.id, wanted, at);
    const updated = await changes.announcing('role', role.id, () =>
      roles.update(staffScopeOf(actor), role.id, wanted, at, entry),
    );
    if (!updated) throw new AppError('not_found', 'No such role.');
    return updated;
  };
}

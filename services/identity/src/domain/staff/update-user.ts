import { AppError, badRequest } from '@travel/errors';
import type { RoleRepository } from '../../db/role.repository';
import type { StaffSessionRepository } from '../../db/staff-session.repository';
import type { StaffUserChanges, StaffUserRepository } from '../../db/staff-user.repository';
import { displayNameProblems } from '../display-name';
import type { IdentityChanges } from '../identity-changes';
import type { PasswordHasher } from '../passwords';
import type { RevokeSession } from '../staff-sessions/revoke-session';
import type { StaffActor, StaffUser } from './staff';
import { staffChangeEntry } from './staff-change';
import { isStatus, passwordProblems, statusProblems } from './staff-fields';
import { assertMayManageUser, assignableRole, findVisibleUser } from './staff-lookups';
import { assertNotSelf, staffScopeOf } from './staff-scope';

export interface UpdateUserDeps {
  users: StaffUserRepository;
  roles: RoleRepository;
  sessions: StaffSessionRepository;
  revokeSession: RevokeSession;
  changes: IdentityChanges;
  passwords: PasswordHasher;
  now: () => Date;
}

export interface UpdateUserInput {
  name?: string | undefined;
  password?: string | undefined;
  roleId?: string | undefined;
  status?: string | undefined;
}

/** Renames, re-roles, disables or sets the password of a user the actor may manage, with its audit entry. */
export function createUpdateUser(deps: UpdateUserDeps) {
  const { users, roles, changes, now } = deps;
  return async function updateUser(
    actor: StaffActor,
    id: string,
    input: UpdateUserInput,
  ): Promise<StaffUser> {
    const user = await findVisibleUser(users, actor, id);
    await assertMayManageUser(roles, actor, user);
    const wanted = await validChanges(deps, actor, user, input);
    const { passwordHash, ...audited } = wanted;
    const at = now();
    const entry = staffChangeEntry(
      actor,
      'staff_user',
      'updated',
      user.id,
      { ...audited, ...(passwordHash ? { passwordChanged: true } : {}) },
      at,
    );
    const updated = await changes.announcing('staff_user', user.id, () =>
      users.update(staffScopeOf(actor), user.id, wanted, at, entry),
    );
    if (!updated) throw new AppError('not_found', 'No such staff user.');
    // A new password ends every session that was opened with the old one.
    if (wanted.passwordHash) await revokeSessionsOf(deps, user.id);
    return updated;
  };
}

async function validChanges(
  { roles, passwords }: UpdateUserDeps,
  actor: StaffActor,
  user: StaffUser,
  input: UpdateUserInput,
): Promise<StaffUserChanges> {
  const problems = [
    ...(input.name === undefined ? [] : displayNameProblems(input.name, 'name')),
    ...(input.password === undefined ? [] : passwordProblems(input.password)),
    ...(input.status === undefined ? [] : statusProblems(input.status)),
  ];
  if (problems.length > 0) throw badRequest(problems);
  const changes: StaffUserChanges = {};
  if (input.name !== undefined) changes.name = input.name.trim();
  if (input.status !== undefined && isStatus(input.status)) {
    if (input.status === 'disabled') assertNotSelf(actor, user, 'disable');
    changes.status = input.status;
  }
  if (input.roleId !== undefined)
    changes.roleId = (await assignableRole(roles, actor, input.roleId, user.tenantId)).id;
  if (input.password !== undefined) changes.passwordHash = await passwords.hash(input.password);
  return changes;
}

async function revokeSessionsOf({ sessions, revokeSession, now }: UpdateUserDeps, userId: string) {
  for (const sessionId of await sessions.unexpiredIdsOf(userId, now())) {
    await revokeSession(sessionId, 'password_changed');
  }
}

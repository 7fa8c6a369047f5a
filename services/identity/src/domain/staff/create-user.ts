import { badRequest } from '@travel/errors';
import type { RoleRepository } from '../../db/role.repository';
import type { StaffUserRepository } from '../../db/staff-user.repository';
import { displayNameProblems } from '../display-name';
import type { IdentityChanges } from '../identity-changes';
import type { PasswordHasher } from '../passwords';
import type { StaffActor, StaffUser } from './staff';
import { staffChangeEntry } from './staff-change';
import { emailProblems, normalizeEmail, passwordProblems } from './staff-fields';
import { assignableRole } from './staff-lookups';
import { tenantForNew } from './staff-scope';

export interface CreateUserDeps {
  users: StaffUserRepository;
  roles: RoleRepository;
  changes: IdentityChanges;
  passwords: PasswordHasher;
  newUserId: () => Promise<string>;
  now: () => Date;
}

export interface CreateUserInput {
  email: string;
  name: string;
  password: string;
  roleId: string;
  /** Honoured for platform staff only; tenant staff create users of their own tenant. */
  tenantId?: string | undefined;
}

/** A staff user of the actor's tenant (or, for platform staff, of any tenant or the platform), stored with its audit entry. */
export function createCreateUser({ users, roles, changes, passwords, newUserId, now }: CreateUserDeps) {
  return async function createUser(actor: StaffActor, input: CreateUserInput): Promise<StaffUser> {
    const email = normalizeEmail(input.email);
    const problems = [
      ...emailProblems(email),
      ...displayNameProblems(input.name, 'name'),
      ...passwordProblems(input.password),
    ];
    if (problems.length > 0) throw badRequest(problems);
    const tenantId = tenantForNew(actor, input.tenantId);
    const role = await assignableRole(roles, actor, input.roleId, tenantId);
    const id = await newUserId();
    const at = now();
    const name = input.name.trim();
    const entry = staffChangeEntry(
      actor,
      'staff_user',
      'created',
      id,
      { email, name, roleId: role.id, tenantId },
      at,
    );
    const user = await users.create(
      {
        id,
        email,
        name,
        passwordHash: await passwords.hash(input.password),
        tenantId,
        roleId: role.id,
        createdAt: at,
      },
      entry,
    );
    await changes.announceCreated('staff_user', user.id);
    return user;
  };
}

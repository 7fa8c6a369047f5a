import { systemActor } from '@travel/audit';
import { isAppError } from '@travel/errors';
import type { Component } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import type { RoleRepository } from '../../db/role.repository';
import type { StaffUserRepository } from '../../db/staff-user.repository';
import type { AccessTokens } from '../access-tokens/access-tokens';
import { entryOf } from '../audit/audit';
import type { PasswordHasher } from '../passwords';
import { RIGHTS } from './rights';
import { PLATFORM_ADMIN_ROLE_ID, PLATFORM_ADMIN_ROLE_NAME } from './staff';
import { normalizeEmail } from './staff-fields';
import { ANY_TENANT } from './staff-scope';

export interface BootstrapStaffDeps {
  roles: RoleRepository;
  users: StaffUserRepository;
  accessTokens: AccessTokens;
  passwords: PasswordHasher;
  newUserId: () => Promise<string>;
  now: () => Date;
  /** ADMIN_EMAIL and ADMIN_PASSWORD. */
  admin: { email: string; password: string };
  logger: Logger;
}

/**
 * Runs before gRPC serves: the built-in role (with every right, also rights added by a later release),
 * the token signing key, and the first platform administrator from configuration when no platform
 * administrator exists. Replicas starting together are safe: each step is an insert that a unique
 * key decides (role id, key slot, user email), the loser ignoring its duplicate. The administrator's audit entry
 * is in its insert, so only the winner's is recorded.
 */
export function createStaffBootstrap(deps: BootstrapStaffDeps): Component {
  return {
    name: 'staff-bootstrap',
    async start() {
      await ensureBuiltInRole(deps);
      await deps.accessTokens.ensureKey();
      await ensureFirstAdministrator(deps);
    },
    async stop() {},
  };
}

async function ensureBuiltInRole({ roles, now }: BootstrapStaffDeps) {
  const rights = [...RIGHTS];
  const role = {
    id: PLATFORM_ADMIN_ROLE_ID,
    name: PLATFORM_ADMIN_ROLE_NAME,
    tenantId: null,
    rights,
    builtIn: true,
  };
  await roles.ensure({ ...role, createdAt: now() });
  await roles.update(ANY_TENANT, role.id, { rights }, now());
}

async function ensureFirstAdministrator(deps: BootstrapStaffDeps) {
  const { users, passwords, newUserId, now, admin, logger } = deps;
  if (await users.anyWithRole(PLATFORM_ADMIN_ROLE_ID)) return;
  const email = normalizeEmail(admin.email);
  try {
    const id = await newUserId();
    const at = now();
    const { userId, email: system, tenantId, ip, requestId } = systemActor();
    const entry = entryOf(
      {
        actor: { userId, email: system, tenantId },
        action: 'staff_user.created',
        target: { type: 'staff_user', id },
        details: {
          email,
          roleId: PLATFORM_ADMIN_ROLE_ID,
          reason: 'first platform administrator from configuration',
        },
        ip,
        requestId,
      },
      at,
    );
    const user = await users.create(
      {
        id,
        email,
        name: PLATFORM_ADMIN_ROLE_NAME,
        passwordHash: await passwords.hash(admin.password),
        tenantId: null,
        roleId: PLATFORM_ADMIN_ROLE_ID,
        createdAt: at,
      },
      entry,
    );
    logger.info({ email, userId: user.id }, 'first platform administrator created');
  } catch (error) {
    if (!isAppError(error) || error.code !== 'conflict') throw error;
    // Another replica won the same insert, or the email belongs to someone who is not an administrator.
    if (!(await users.anyWithRole(PLATFORM_ADMIN_ROLE_ID))) {
      logger.warn({ email }, 'first platform administrator not created: ADMIN_EMAIL belongs to another user');
    }
  }
}

import { AppError } from '@travel/errors';
import type { StaffSessionRepository } from '../../db/staff-session.repository';
import type { StaffUserRepository } from '../../db/staff-user.repository';
import { type AuditLog, entryOf } from '../audit/audit';
import type { PasswordHasher } from '../passwords';
import type { SessionTokens, StaffUser } from '../staff/staff';
import { normalizeEmail } from '../staff/staff-fields';
import type { IssueSessionTokens } from './issue-session-tokens';

export interface LoginDeps {
  users: StaffUserRepository;
  sessions: StaffSessionRepository;
  issueSessionTokens: IssueSessionTokens;
  audit: AuditLog;
  passwords: PasswordHasher;
  now: () => Date;
  newSessionId: () => string;
  sessionTtlSeconds: number;
}

export interface LoginInput {
  email: string;
  password: string;
  ip: string;
  userAgent: string;
  requestId: string;
}

const INVALID = 'Invalid email or password.';

/**
 * Staff sign-in. An unknown email, a wrong password and a disabled account answer the same and take
 * about the same time (an unknown email is checked against a decoy hash at the same cost); each attempt
 * is audited: a failed one on its own (it changes nothing), a sign-in in its session's insert. A hash made with older parameters is replaced at the current cost on a successful sign-in.
 */
export function createLogin(deps: LoginDeps) {
  const { users, sessions, issueSessionTokens, audit, passwords, now } = deps;
  // Hashed once, up front, so even the first unknown email costs one scrypt like every other attempt.
  const decoy = passwords.hash('decoy-password-0');
  return async function login(input: LoginInput): Promise<SessionTokens> {
    const email = normalizeEmail(input.email);
    const found = await users.findCredentials(email);
    const password = await passwords.verify(input.password, found?.passwordHash ?? (await decoy));
    const user = found?.user;
    const reason = !user
      ? 'unknown_email'
      : !password.matches
        ? 'wrong_password'
        : user.status !== 'active'
          ? 'user_disabled'
          : null;
    if (!user || reason) {
      await audit.record({
        ...actorFields(user, email.slice(0, 254), input),
        action: 'auth.login_failed',
        target: { type: 'staff_user', id: user?.id ?? '' },
        details: { reason },
      });
      throw new AppError('unauthorized', INVALID);
    }
    if (password.outdated && found)
      await users.replacePasswordHash(user.id, found.passwordHash, await passwords.hash(input.password));
    const at = now();
    const session = {
      id: deps.newSessionId(),
      userId: user.id,
      createdAt: at,
      expiresAt: new Date(at.getTime() + deps.sessionTtlSeconds * 1000),
      ip: input.ip,
      userAgent: input.userAgent.slice(0, 500),
    };
    const entry = entryOf(
      {
        ...actorFields(user, user.email, input),
        action: 'auth.login',
        target: { type: 'staff_session', id: session.id },
        details: { userAgent: session.userAgent },
      },
      at,
    );
    await sessions.create(session, entry);
    return issueSessionTokens(session, user);
  };
}

function actorFields(user: StaffUser | undefined, email: string, input: LoginInput) {
  return {
    actor: { userId: user?.id ?? null, email, tenantId: user?.tenantId ?? null },
    ip: input.ip,
    requestId: input.requestId,
  };
}

import { caller as callerContract } from '@travel/contracts';
import { AppError } from '@travel/errors';

const { Caller_Kind: Kind } = callerContract;

/**
 * Who calls, resolved once at a service's edge from the `travel.caller.v1.Caller` of its request. A call
 * without a caller, or with one whose fields do not fit its kind, is refused (`forbidden`, PERMISSION_DENIED):
 * a service never falls back to "platform" because a field is missing (docs/access.md, "Callers").
 */
export type Caller =
  | { kind: 'platform-staff'; userId: string; email: string; rights: readonly string[]; audit: AuditOrigin }
  | {
      kind: 'tenant-staff';
      tenantId: string;
      userId: string;
      email: string;
      rights: readonly string[];
      audit: AuditOrigin;
    }
  | { kind: 'customer'; tenantId: string | null; customerId: string; email: string; audit: AuditOrigin }
  | {
      kind: 'partner-client';
      tenantId: string | null;
      clientId: number;
      environment: 'live' | 'test';
      audit: AuditOrigin;
    }
  | { kind: 'internal-job'; job: string; audit: AuditOrigin };

/** Where the call came from, for audit entries. */
export interface AuditOrigin {
  ip: string;
  requestId: string;
}

/**
 * The tenant a caller's reads and writes are limited to: `{ tenantId }` for tenant staff, a tenant's
 * customer or a linked partner client; `{}` (every tenant) for platform staff and internal jobs only.
 * Repositories put it in the filter of every read and write.
 */
export type TenantScope = { tenantId: string } | Record<string, never>;

function refuse(why: string): never {
  throw new AppError('forbidden', `The call is refused: ${why}.`);
}

/** Resolves the request's caller, or refuses the call (fail closed). */
export function requireCaller(wire: callerContract.Caller | undefined): Caller {
  if (!wire) refuse('it names no caller');
  const audit = { ip: wire.ip, requestId: wire.requestId };
  const tenantId = wire.tenantId?.trim() ? wire.tenantId : null;
  switch (wire.kind) {
    case Kind.KIND_PLATFORM_STAFF:
      if (!wire.userId) refuse('a staff caller without a user id');
      if (tenantId) refuse('a platform staff caller with a tenant');
      return { kind: 'platform-staff', userId: wire.userId, email: wire.email, rights: wire.rights, audit };
    case Kind.KIND_TENANT_STAFF:
      if (!wire.userId) refuse('a staff caller without a user id');
      if (!tenantId) refuse('a tenant staff caller without a tenant');
      return {
        kind: 'tenant-staff',
        tenantId,
        userId: wire.userId,
        email: wire.email,
        rights: wire.rights,
        audit,
      };
    case Kind.KIND_CUSTOMER:
      if (!wire.userId) refuse('a customer caller without a customer id');
      return { kind: 'customer', tenantId, customerId: wire.userId, email: wire.email, audit };
    case Kind.KIND_PARTNER_CLIENT:
      if (!wire.clientId) refuse('a partner caller without a client id');
      if (wire.environment !== 'live' && wire.environment !== 'test')
        refuse('a partner caller without its environment');
      return {
        kind: 'partner-client',
        tenantId,
        clientId: wire.clientId,
        environment: wire.environment,
        audit,
      };
    case Kind.KIND_INTERNAL_JOB:
      if (!wire.job) refuse('an internal job without its name');
      return { kind: 'internal-job', job: wire.job, audit };
    default:
      return refuse('a caller of no known kind');
  }
}

/** Resolves the caller and refuses it unless it is one of `kinds` (a staff-only method, a partner-only one). */
export function requireCallerOf<K extends Caller['kind']>(
  wire: callerContract.Caller | undefined,
  ...kinds: K[]
): Extract<Caller, { kind: K }> {
  const caller = requireCaller(wire);
  if (!(kinds as string[]).includes(caller.kind)) refuse(`a ${caller.kind} may not call this method`);
  return caller as Extract<Caller, { kind: K }>;
}

/** Every tenant for platform staff and internal jobs; else the caller's own tenant (none: refused). */
export function tenantScopeOf(caller: Caller): TenantScope {
  if (caller.kind === 'platform-staff' || caller.kind === 'internal-job') return {};
  if (!caller.tenantId) refuse(`a ${caller.kind} without a tenant`);
  return { tenantId: caller.tenantId };
}

/** Staff rights check inside a service (the gateway checks too; a service does not trust that alone). */
export function requireRight(caller: Caller, right: string): void {
  if (caller.kind !== 'platform-staff' && caller.kind !== 'tenant-staff')
    refuse(`a ${caller.kind} holds no rights`);
  if (!caller.rights.includes(right)) refuse(`the staff member lacks the right "${right}"`);
}

/** The wire form of a service's own job, for the calls it makes to other services. */
export function jobCaller(job: string): callerContract.Caller {
  return {
    kind: Kind.KIND_INTERNAL_JOB,
    job,
    userId: '',
    email: '',
    rights: [],
    clientId: 0,
    environment: '',
    ip: '',
    requestId: '',
  };
}

/** The wire form of a resolved caller, for a service that passes its caller on (corporate's audit entries). */
export function callerWire(caller: Caller): callerContract.Caller {
  const base = { ...jobCaller(''), ip: caller.audit.ip, requestId: caller.audit.requestId };
  switch (caller.kind) {
    case 'platform-staff':
      return {
        ...base,
        kind: Kind.KIND_PLATFORM_STAFF,
        userId: caller.userId,
        email: caller.email,
        rights: [...caller.rights],
      };
    case 'tenant-staff':
      return {
        ...base,
        kind: Kind.KIND_TENANT_STAFF,
        tenantId: caller.tenantId,
        userId: caller.userId,
        email: caller.email,
        rights: [...caller.rights],
      };
    case 'customer':
      return {
        ...base,
        kind: Kind.KIND_CUSTOMER,
        tenantId: caller.tenantId ?? undefined,
        userId: caller.customerId,
        email: caller.email,
      };
    case 'partner-client':
      return {
        ...base,
        kind: Kind.KIND_PARTNER_CLIENT,
        tenantId: caller.tenantId ?? undefined,
        clientId: caller.clientId,
        environment: caller.environment,
      };
    case 'internal-job':
      return { ...base, job: caller.job };
  }
}

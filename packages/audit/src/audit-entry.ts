import { randomBytes } from 'node:crypto';
import { caller as callers } from '@travel/contracts';
import { currentTraceparent } from '@travel/tracing';

/** Who made a change and from where, as the gateway resolved it (the Caller's user, tenant, ip, request id). */
export interface AuditActor {
  /** The staff member or customer; null for a job, the platform itself, or an unknown email. */
  userId: string | null;
  email: string;
  tenantId: string | null;
  ip: string;
  requestId: string;
}

/** What changed: `blog.created` on `blog` `blg_12`, with details that never hold a secret. */
export interface AuditChange {
  /** Dotted, `<resource>.<past tense>`. */
  action: string;
  target: { type: string; id: string };
  details?: Record<string, unknown>;
}

/**
 * One audit entry as it waits in the changed document (`pendingAudit`) until the relay has published it: its id
 * is the event id identity de-duplicates on, so a relay that publishes twice records it once.
 */
export interface AuditEntry {
  id: string;
  action: string;
  target: { type: string; id: string };
  details: Record<string, unknown>;
  actor: { userId: string | null; email: string; tenantId: string | null };
  ip: string;
  requestId: string;
  at: Date;
  /** The W3C trace of the request that made the change (absent when tracing is off). */
  traceparent?: string;
}

const ACTION = /^[a-z][a-z_]{0,40}\.[a-z][a-z_]{0,40}$/;

/** The entry of a change, made before the write that stores both. Throws on an action that is not dotted. */
export function auditEntry(by: AuditActor, change: AuditChange, at: Date): AuditEntry {
  if (!ACTION.test(change.action) || change.target.type === '')
    throw new Error(`not an audit action and target: ${change.action} on ${change.target.type}`);
  const traceparent = currentTraceparent();
  return {
    id: newAuditEntryId(),
    action: change.action,
    target: { type: change.target.type, id: change.target.id },
    details: change.details ?? {},
    actor: { userId: by.userId, email: by.email, tenantId: by.tenantId },
    ip: by.ip,
    requestId: by.requestId,
    at,
    ...(traceparent ? { traceparent } : {}),
  };
}

/** `evt_` + random characters, the form of every event id (it becomes the envelope id on `audit.entries`). */
export function newAuditEntryId(): string {
  return `evt_${randomBytes(13).toString('base64url').replace(/[-_]/g, '0').slice(0, 20)}`;
}

/** A Caller as `@travel/grpc` resolves it (`requireCaller`): its kind, who, and where it came from. */
export interface ResolvedCaller {
  kind: string;
  userId?: string;
  customerId?: string;
  email?: string;
  tenantId?: string | null;
  job?: string;
  audit: { ip: string; requestId: string };
}

/**
 * The actor of a call, from its Caller (on the wire, or as `requireCaller` resolved it): staff and customers by
 * user, email and tenant; a job by its name (`job:<name>`). The ip and request id are those the gateway resolved.
 * Call it only once the Caller was required.
 */
export function auditActorOf(caller: callers.Caller | ResolvedCaller | undefined): AuditActor {
  if (caller && 'audit' in caller) {
    const isJob = caller.kind === 'internal-job';
    return {
      userId: isJob ? null : (caller.userId ?? caller.customerId ?? null),
      email: isJob ? `job:${caller.job ?? ''}` : (caller.email ?? ''),
      tenantId: caller.tenantId ?? null,
      ip: caller.audit.ip,
      requestId: caller.audit.requestId,
    };
  }
  const isJob = caller?.kind === callers.Caller_Kind.KIND_INTERNAL_JOB;
  return {
    userId: isJob || !caller?.userId ? null : caller.userId,
    email: isJob ? `job:${caller?.job ?? ''}` : (caller?.email ?? ''),
    tenantId: caller?.tenantId || null,
    ip: caller?.ip ?? '',
    requestId: caller?.requestId ?? '',
  };
}

/** The platform acting on its own (start-up bootstrap, a sweep): no user, no address. */
export function systemActor(requestId = ''): AuditActor {
  return { userId: null, email: 'system', tenantId: null, ip: '', requestId };
}

/**
 * What a change request asked for, as an entry's details: its fields that were given, without the Caller and
 * the target's id (the entry names both already). Never pass a request that carries a secret.
 */
export function requestedChanges(request: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(request).filter(
      ([field, value]) => value !== undefined && field !== 'caller' && field !== 'id',
    ),
  );
}

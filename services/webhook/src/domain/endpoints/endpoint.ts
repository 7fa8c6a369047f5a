import type { EventType } from '../event-types';

export type Environment = 'live' | 'test';

/**
 * A partner client's webhook endpoint. The secret signs every delivery, so it is kept (and never shown again),
 * sealed: it is opened only to sign (db/endpoint-secrets.ts).
 */
export interface Endpoint {
  id: string;
  clientId: number;
  /** The client's tenant when it registered: `invoice.paid` goes to every endpoint of the tenant. */
  tenantId: string | null;
  environment: Environment;
  url: string;
  /** Empty: every event type. */
  events: EventType[];
  status: 'active' | 'disabled';
  sealedSecret: string;
  /** Secrets replaced by a rotation that still sign every delivery until their overlap ends (newest first). */
  retiringSecrets: RetiringSecret[];
  /** Why it is disabled (null while active, and for an endpoint disabled before reasons were kept). */
  disabledReason: string | null;
  /** When it was disabled, or enabled again: deliveries that failed before it count no more towards auto-disable. */
  statusChangedAt: Date | null;
  createdAt: Date;
  /** When it was last enabled again (`PATCH`): events that happened before, while it was disabled, are not sent. */
  enabledAt?: Date;
}

/** Whether an endpoint takes an event that happened then: registered, and enabled again, before it. */
export function listensSince(endpoint: Endpoint, occurredAt: Date): boolean {
  return endpoint.createdAt <= occurredAt && (!endpoint.enabledAt || endpoint.enabledAt <= occurredAt);
}

/** A signing secret a rotation replaced: sealed as the current one is, and used until `expiresAt`. */
export interface RetiringSecret {
  sealedSecret: string;
  expiresAt: Date;
}

/** Why the auto-disable job disabled an endpoint (shown as `disabledReason`). */
export function autoDisabledReason(afterMs: number, failingSince: Date): string {
  const period =
    afterMs % 86_400_000 === 0 ? `${afterMs / 86_400_000} days` : `${Math.round(afterMs / 1000)} seconds`;
  return `Every delivery failed for ${period} (since ${failingSince.toISOString()}).`;
}

/** Whether an endpoint failing since `failingSince` (null: not failing) has failed for `afterMs` by `now`. */
export function failedLongEnough(
  failingSince: Date | null,
  afterMs: number,
  now: Date,
): failingSince is Date {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= afterMs;
}

/** Whether an endpoint takes an event: same environment, subscribed to its type, and active. */
export function wants(endpoint: Endpoint, type: EventType, livemode: boolean): boolean {
  return (
    endpoint.status === 'active' &&
    endpoint.environment === (livemode ? 'live' : 'test') &&
    (endpoint.events.length === 0 || endpoint.events.includes(type))
  );
}

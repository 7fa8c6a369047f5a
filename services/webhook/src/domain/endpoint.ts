import type { EventType } from './event-types';

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
  createdAt: Date;
  /** When it was last enabled again (`PATCH`): events that happened before, while it was disabled, are not sent. */
  enabledAt?: Date;
}

/** Whether an endpoint takes an event that happened then: registered, and enabled again, before it. */
export function listensSince(endpoint: Endpoint, occurredAt: Date): boolean {
  return endpoint.createdAt <= occurredAt && (!endpoint.enabledAt || endpoint.enabledAt <= occurredAt);
}

/** Whether an endpoint takes an event: same environment, subscribed to its type, and active. */
export function wants(endpoint: Endpoint, type: EventType, livemode: boolean): boolean {
  return (
    endpoint.status === 'active' &&
    endpoint.environment === (livemode ? 'live' : 'test') &&
    (endpoint.events.length === 0 || endpoint.events.includes(type))
  );
}

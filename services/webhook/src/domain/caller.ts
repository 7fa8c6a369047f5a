import type { caller } from '@travel/contracts';
import { requireCallerOf } from '@travel/grpc';
import type { Environment } from './endpoints/endpoint';

/** The partner client behind a call; an endpoint is seen only by its client, in its environment. */
export interface Caller {
  tenantId: string | null;
  clientId: number;
  environment: Environment;
}

/** What an endpoint's reads and writes are scoped by: its client and environment, in every filter. */
export type EndpointOwner = Pick<Caller, 'clientId' | 'environment'>;

/** Endpoints are managed by partner clients only; no caller, or any other kind, is refused (fail closed). */
export function partnerOf(wire: caller.Caller | undefined): Caller {
  const partner = requireCallerOf(wire, 'partner-client');
  return { tenantId: partner.tenantId, clientId: partner.clientId, environment: partner.environment };
}

/**
 * Deliveries: a partner client sees its own endpoints'; platform staff and internal jobs are support, who see
 * every client's (`null`).
 */
export function deliveryReaderOf(wire: caller.Caller | undefined): Caller | null {
  const reader = requireCallerOf(wire, 'partner-client', 'platform-staff', 'internal-job');
  return reader.kind === 'partner-client' ? partnerOf(wire) : null;
}

export function ownerOf(caller: Caller): EndpointOwner {
  return { clientId: caller.clientId, environment: caller.environment };
}

import { caller as callerContract } from '@travel/contracts';
import { AppError, badRequest, type FieldProblem } from '@travel/errors';
import { requireCallerOf, requireRight } from '@travel/grpc';
import type { Environment } from './endpoints/endpoint';

/** The partner client behind a call; an endpoint is seen only by its client, in its environment. */
export interface Caller {
  tenantId: string | null;
  clientId: number;
  environment: Environment;
}

/** What an endpoint's reads and writes are scoped by: its client and environment, in every filter. */
export type EndpointOwner = Pick<Caller, 'clientId' | 'environment'>;

/** The right a tenant's staff member needs to act for one of the tenant's clients (the partner console). */
export const CONSOLE_RIGHT = 'api-console';

/** Identity's answer: the tenant a client is linked to (null: none), or undefined when there is no such client. */
export type TenantOfClient = (clientId: number) => Promise<{ tenantId: string | null } | undefined>;

/** The client and mode a tenant's staff member names, as the wire carries them (both required). */
export interface ClientScopeWire {
  clientId?: number | undefined;
  environment?: string | undefined;
}

/** Endpoints are managed by partner clients only; no caller, or any other kind, is refused (fail closed). */
export function partnerOf(wire: callerContract.Caller | undefined): Caller {
  const partner = requireCallerOf(wire, 'partner-client');
  return { tenantId: partner.tenantId, clientId: partner.clientId, environment: partner.environment };
}

/**
 * Whose endpoints a call manages: a partner's own client and mode; or, for a tenant's staff member holding
 * `api-console` (the partner console), the client and mode named, once identity says the client is the caller's
 * tenant's (another tenant's, or no client: `not_found`, whatever the gateway checked). Anyone else is refused.
 */
export async function endpointCallerOf(
  wire: callerContract.Caller | undefined,
  scope: ClientScopeWire | undefined,
  tenantOf: TenantOfClient,
): Promise<Caller> {
  if (wire?.kind !== callerContract.Caller_Kind.KIND_TENANT_STAFF) return partnerOf(wire);
  const staff = requireCallerOf(wire, 'tenant-staff');
  requireRight(staff, CONSOLE_RIGHT);
  const owner = clientScopeOf(scope);
  const client = await tenantOf(owner.clientId);
  if (!client?.tenantId || client.tenantId !== staff.tenantId)
    throw new AppError('not_found', `No API client ${owner.clientId}.`);
  return { tenantId: staff.tenantId, ...owner };
}

/**
 * Deliveries: a partner client (or a tenant's staff for one client, as `endpointCallerOf`) sees its own
 * endpoints'; platform staff and internal jobs are support, who see every client's (`null`).
 */
export async function deliveryReaderOf(
  wire: callerContract.Caller | undefined,
  scope: ClientScopeWire | undefined,
  tenantOf: TenantOfClient,
): Promise<Caller | null> {
  const reader = requireCallerOf(wire, 'partner-client', 'tenant-staff', 'platform-staff', 'internal-job');
  return reader.kind === 'partner-client' || reader.kind === 'tenant-staff'
    ? endpointCallerOf(wire, scope, tenantOf)
    : null;
}

/** A tenant staff call's client and mode, both required (every failing field named). */
export function clientScopeOf(scope: ClientScopeWire | undefined): EndpointOwner {
  const problems: FieldProblem[] = [];
  if (scope?.clientId === undefined || scope.clientId < 1)
    problems.push({ path: 'clientId', message: 'is required' });
  if (scope?.environment !== 'live' && scope?.environment !== 'test')
    problems.push({ path: 'environment', message: 'must be live or test' });
  if (problems.length > 0) throw badRequest(problems);
  return { clientId: scope?.clientId as number, environment: scope?.environment as Environment };
}

export function ownerOf(caller: Caller): EndpointOwner {
  return { clientId: caller.clientId, environment: caller.environment };
}

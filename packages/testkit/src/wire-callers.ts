import type { caller as contract } from '@travel/contracts';
import { jobCaller } from '@travel/grpc';
import { customerCaller, partnerCaller, staffCaller } from './callers';

/**
 * `travel.caller.v1.Caller` values as the gateway's `callerOf` builds them, for component tests that call a
 * service directly: a test says who calls, as the gateway would after verifying a credential. The same
 * callers as `staffCaller`/`partnerCaller`/`customerCaller` (callers.ts), named by kind.
 */
export const wireCallers = {
  platformStaff: (rights: string[], userId = 'usr_platform'): contract.Caller =>
    staffCaller({ userId, email: `${userId}@example.test`, rights }),
  tenantStaff: (tenantId: string, rights: string[], userId = 'usr_tenant'): contract.Caller =>
    staffCaller({ userId, email: `${userId}@example.test`, tenantId, rights }),
  customer: (tenantId: string | undefined, customerId: string): contract.Caller => ({
    ...customerCaller(customerId, `${customerId}@example.test`),
    tenantId,
  }),
  partner: (tenantId: string | undefined, environment = 'live', clientId = 7): contract.Caller =>
    partnerCaller(clientId, environment as 'live' | 'test', tenantId),
  job: (name: string): contract.Caller => jobCaller(name),
};

import { caller as contract } from '@travel/contracts';
import { jobCaller } from '@travel/grpc';

const { Caller_Kind: Kind } = contract;

/**
 * `travel.caller.v1.Caller` values as the gateway's `callerOf` builds them, for component tests that call a
 * service directly: a test says who calls, as the gateway would after verifying a credential.
 */
export const wireCallers = {
  platformStaff: (rights: string[], userId = 'usr_platform'): contract.Caller => ({
    ...jobCaller(''),
    kind: Kind.KIND_PLATFORM_STAFF,
    userId,
    email: `${userId}@example.test`,
    rights,
  }),
  tenantStaff: (tenantId: string, rights: string[], userId = 'usr_tenant'): contract.Caller => ({
    ...jobCaller(''),
    kind: Kind.KIND_TENANT_STAFF,
    tenantId,
    userId,
    email: `${userId}@example.test`,
    rights,
  }),
  customer: (tenantId: string | undefined, customerId: string): contract.Caller => ({
    ...jobCaller(''),
    kind: Kind.KIND_CUSTOMER,
    tenantId,
    userId: customerId,
    email: `${customerId}@example.test`,
  }),
  partner: (tenantId: string | undefined, environment = 'live', clientId = 7): contract.Caller => ({
    ...jobCaller(''),
    kind: Kind.KIND_PARTNER_CLIENT,
    tenantId,
    clientId,
    environment,
  }),
  job: (name: string): contract.Caller => jobCaller(name),
};

import { caller } from '@travel/contracts';
import { jobCaller } from '@travel/grpc';

const { Caller_Kind: Kind } = caller;

/** What a test says of a staff member; the kind follows from the tenant (none: platform staff). */
export interface StaffFields {
  userId: string;
  email?: string;
  tenantId?: string | null | undefined;
  rights?: readonly string[];
  ip?: string;
  requestId?: string;
}

/** A staff member's `Caller`, as the gateway's `callerOf` builds it from a verified session. */
export function staffCaller(staff: StaffFields): caller.Caller {
  const tenantId = staff.tenantId ?? undefined;
  return {
    ...jobCaller(''),
    kind: tenantId ? Kind.KIND_TENANT_STAFF : Kind.KIND_PLATFORM_STAFF,
    tenantId,
    userId: staff.userId,
    email: staff.email ?? '',
    rights: [...(staff.rights ?? [])],
    ip: staff.ip ?? '203.0.113.7',
    requestId: staff.requestId ?? 'req_test',
  };
}

/**
 * A partner client's `Caller`, as the gateway builds it from a verified API key: with the key's id and its
 * spending limits (none unless told; the key is `key_<client>_<environment>` unless named).
 */
export function partnerCaller(
  clientId: number,
  environment: 'live' | 'test',
  tenantId?: string,
  key: { id?: string; limits?: caller.SpendingLimits } = {},
): caller.Caller {
  return {
    ...jobCaller(''),
    kind: Kind.KIND_PARTNER_CLIENT,
    tenantId,
    clientId,
    environment,
    apiKeyId: key.id ?? `key_${clientId}_${environment}`,
    spendingLimits: key.limits ?? {},
  };
}

/** A storefront customer's `Caller`, as the gateway builds it from a verified customer session. */
export function customerCaller(customerId: string, email = ''): caller.Caller {
  return { ...jobCaller(''), kind: Kind.KIND_CUSTOMER, userId: customerId, email };
}

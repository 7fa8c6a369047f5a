import { caller as contract } from '@travel/contracts';
import type { Response } from 'express';
import { requestContextOf } from './request-context';

const { Caller_Kind: Kind } = contract;

/**
 * The `travel.caller.v1.Caller` every service call carries: who the verified credential of this request
 * (staff token, customer token or API key) says is calling, never anything from the body. Services refuse a
 * call without one and scope their reads and writes by it (docs/access.md, "Callers").
 */
export function callerOf(res: Response): contract.Caller {
  const { staff, customer, key, requestId, clientAddress } = requestContextOf(res);
  const base: contract.Caller = {
    kind: Kind.KIND_UNSPECIFIED,
    userId: '',
    email: '',
    rights: [],
    clientId: 0,
    environment: '',
    job: '',
    ip: clientAddress ?? '',
    requestId,
  };
  if (staff)
    return {
      ...base,
      kind: staff.tenantId ? Kind.KIND_TENANT_STAFF : Kind.KIND_PLATFORM_STAFF,
      tenantId: staff.tenantId ?? undefined,
      userId: staff.userId,
      email: staff.email,
      rights: staff.rights,
    };
  if (customer)
    return { ...base, kind: Kind.KIND_CUSTOMER, userId: customer.customerId, email: customer.email };
  if (key)
    return {
      ...base,
      kind: Kind.KIND_PARTNER_CLIENT,
      tenantId: key.tenantId ?? undefined,
      clientId: key.clientId,
      environment: key.environment,
    };
  // A public route (no credential): the services refuse it wherever scoped data is involved.
  return base;
}

import { caller as contract } from '@travel/contracts';
import { type Caller, callerWire, jobCaller } from '@travel/grpc';
import type { Response } from 'express';
import { requestContextOf } from './request-context';

/**
 * The `travel.caller.v1.Caller` every service call carries: who the verified credential of this request
 * (staff token, customer token or API key) says is calling, never anything from the body. Services refuse a
 * call without one and scope their reads and writes by it (docs/access.md, "Callers").
 */
export function callerOf(res: Response): contract.Caller {
  const { requestId, clientAddress } = requestContextOf(res);
  const audit = { ip: clientAddress ?? '', requestId };
  const caller = verifiedCaller(res, audit);
  // A public route (no credential): the services refuse it wherever scoped data is involved.
  if (!caller) return { ...jobCaller(''), kind: contract.Caller_Kind.KIND_UNSPECIFIED, ...audit };
  return { ...callerWire(caller), ...keyOf(res) };
}

/** A partner call names its key and the key's spending limits: booking counts and enforces them by key. */
function keyOf(res: Response): Pick<contract.Caller, 'apiKeyId' | 'spendingLimits'> {
  const { staff, customer, key } = requestContextOf(res);
  if (staff || customer || !key) return {};
  return {
    apiKeyId: key.keyId,
    spendingLimits: {
      dailyLimit: key.spendingLimits.dailyLimit ?? undefined,
      perBookingLimit: key.spendingLimits.perBookingLimit ?? undefined,
    },
  };
}

function verifiedCaller(res: Response, audit: Caller['audit']): Caller | undefined {
  const { staff, customer, key } = requestContextOf(res);
  if (staff) {
    const { userId, email, rights } = staff;
    return staff.tenantId
      ? { kind: 'tenant-staff', tenantId: staff.tenantId, userId, email, rights, audit }
      : { kind: 'platform-staff', userId, email, rights, audit };
  }
  if (customer)
    return {
      kind: 'customer',
      tenantId: null,
      customerId: customer.customerId,
      email: customer.email,
      audit,
    };
  if (key)
    return {
      kind: 'partner-client',
      tenantId: key.tenantId ?? null,
      clientId: key.clientId,
      environment: key.environment,
      audit,
    };
  return undefined;
}

import { caller as contract } from '@travel/contracts';
import { isAppError } from '@travel/errors';
import { callerWire, jobCaller, requireCaller, requireCallerOf, requireRight, tenantScopeOf } from './caller';

const { Caller_Kind: Kind } = contract;
const wire = (fields: Partial<contract.Caller>): contract.Caller => ({ ...jobCaller(''), ...fields });

function refused(run: () => unknown): boolean {
  try {
    run();
    return false;
  } catch (error) {
    return isAppError(error) && error.code === 'forbidden';
  }
}

describe('requireCaller', () => {
  it('when the request names no caller, then the call is refused (fail closed)', () => {
    expect(refused(() => requireCaller(undefined))).toBe(true);
  });

  it('when the kind is unspecified, then the call is refused', () => {
    expect(refused(() => requireCaller(wire({ kind: Kind.KIND_UNSPECIFIED, userId: 'u1' })))).toBe(true);
  });

  it('when tenant staff come without a tenant, then the call is refused rather than read as platform staff', () => {
    expect(refused(() => requireCaller(wire({ kind: Kind.KIND_TENANT_STAFF, userId: 'u1' })))).toBe(true);
  });

  it('when platform staff carry a tenant, then the call is refused', () => {
    const staff = wire({ kind: Kind.KIND_PLATFORM_STAFF, userId: 'u1', tenantId: 't1' });
    expect(refused(() => requireCaller(staff))).toBe(true);
  });

  it('when tenant staff call, then their scope is their tenant', () => {
    const caller = requireCaller(wire({ kind: Kind.KIND_TENANT_STAFF, userId: 'u1', tenantId: 't1' }));
    expect(tenantScopeOf(caller)).toEqual({ tenantId: 't1' });
  });

  it('when platform staff or a job call, then their scope is every tenant', () => {
    expect(tenantScopeOf(requireCaller(wire({ kind: Kind.KIND_PLATFORM_STAFF, userId: 'u1' })))).toEqual({});
    expect(tenantScopeOf(requireCaller(jobCaller('billing.invoice-run')))).toEqual({});
  });

  it('when a partner client without a tenant asks for a scope, then it is refused', () => {
    const partner = requireCaller(wire({ kind: Kind.KIND_PARTNER_CLIENT, clientId: 7, environment: 'live' }));
    expect(refused(() => tenantScopeOf(partner))).toBe(true);
  });

  it('when a partner caller names no environment, then it is refused', () => {
    expect(refused(() => requireCaller(wire({ kind: Kind.KIND_PARTNER_CLIENT, clientId: 7 })))).toBe(true);
  });

  it('when a method takes staff only, then a customer is refused', () => {
    const customer = wire({ kind: Kind.KIND_CUSTOMER, userId: 'c1', tenantId: 't1' });
    expect(refused(() => requireCallerOf(customer, 'platform-staff', 'tenant-staff'))).toBe(true);
  });

  it('when staff lack a right, or a customer is asked for one, then the call is refused', () => {
    const staff = requireCaller(
      wire({ kind: Kind.KIND_TENANT_STAFF, userId: 'u1', tenantId: 't1', rights: ['a'] }),
    );
    expect(refused(() => requireRight(staff, 'a'))).toBe(false);
    expect(refused(() => requireRight(staff, 'b'))).toBe(true);
    const customer = requireCaller(wire({ kind: Kind.KIND_CUSTOMER, userId: 'c1' }));
    expect(refused(() => requireRight(customer, 'a'))).toBe(true);
  });
});

describe('callerWire', () => {
  it('when a resolved caller is passed on, then the next service resolves the same caller', () => {
    const callers = [
      wire({
        kind: Kind.KIND_PLATFORM_STAFF,
        userId: 'u1',
        email: 'a@x',
        rights: ['r'],
        ip: '1.2.3.4',
        requestId: 'req_1',
      }),
      wire({ kind: Kind.KIND_TENANT_STAFF, userId: 'u2', tenantId: 't1', rights: ['r'] }),
      wire({ kind: Kind.KIND_CUSTOMER, userId: 'c1', email: 'c@x' }),
      wire({ kind: Kind.KIND_PARTNER_CLIENT, clientId: 7, tenantId: 't1', environment: 'test' }),
      jobCaller('billing.invoice-run'),
    ];
    for (const one of callers) {
      const resolved = requireCaller(one);
      expect(requireCaller(callerWire(resolved))).toEqual(resolved);
    }
  });
});

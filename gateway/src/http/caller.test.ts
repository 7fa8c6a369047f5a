import { caller as contract } from '@travel/contracts';
import { requireCaller } from '@travel/grpc';
import { documented } from '@travel/testkit';
import type { Response } from 'express';
import { callerOf } from './caller';
import type { RequestLocals } from './request-context';

const { Caller_Kind: Kind } = contract;
const responseWith = (locals: Partial<RequestLocals>) =>
  ({ locals: { requestId: 'req_1', clientAddress: '203.0.113.9', ...locals } }) as unknown as Response;
const staff = {
  userId: 'usr_1',
  sessionId: 'ses_1',
  email: 'a@example.com',
  platform: false,
  rights: ['bookings'],
};

describe('callerOf', () => {
  it('when tenant staff call, then the caller is tenant staff of their tenant, and a service resolves it so', () => {
    const wire = callerOf(responseWith({ staff: { ...staff, tenantId: 'ten_1' } }));
    expect(wire).toMatchObject({
      kind: Kind.KIND_TENANT_STAFF,
      tenantId: 'ten_1',
      userId: 'usr_1',
      ip: '203.0.113.9',
    });
    expect(requireCaller(wire)).toMatchObject({
      kind: 'tenant-staff',
      tenantId: 'ten_1',
      rights: ['bookings'],
    });
  });

  it('when platform staff call, then the caller carries no tenant', () => {
    const wire = callerOf(responseWith({ staff: { ...staff, tenantId: null, platform: true } }));
    expect(wire.kind).toBe(Kind.KIND_PLATFORM_STAFF);
    expect(wire.tenantId).toBeUndefined();
  });

  it('when a customer calls, then the customer id is the caller user id', () => {
    const wire = callerOf(
      responseWith({ customer: { customerId: 'cus_4', sessionId: 's', email: 'c@example.com' } }),
    );
    expect(requireCaller(wire)).toMatchObject({ kind: 'customer', customerId: 'cus_4', tenantId: null });
  });

  it('when a partner key calls, then client, environment, key id and spending limits come from the verified key', () => {
    // The cached record keeps the limits: access/identity-records.test.ts.
    documented(
      'docs/access.md',
      "| carried | the gateway's cached key record, then every partner call's `Caller` (`api_key_id`, `spending_limits`) |",
    );
    const key = {
      keyId: 'key_9',
      clientId: 12,
      tenantId: 'ten_2',
      environment: 'test',
      spendingLimits: { dailyLimit: 5000, perBookingLimit: null },
    } as RequestLocals['key'];
    const wire = callerOf(responseWith({ key }));
    expect(requireCaller(wire)).toMatchObject({
      kind: 'partner-client',
      clientId: 12,
      tenantId: 'ten_2',
      environment: 'test',
    });
    // An absent limit is no limit; the message itself is always there (booking refuses a caller without it).
    expect(wire).toMatchObject({ apiKeyId: 'key_9', spendingLimits: { dailyLimit: 5000 } });
    expect(wire.spendingLimits?.perBookingLimit).toBeUndefined();
  });

  it('when staff call, then the caller names no API key and no limits', () => {
    const wire = callerOf(responseWith({ staff: { ...staff, tenantId: null, platform: true } }));
    expect([wire.apiKeyId, wire.spendingLimits]).toEqual([undefined, undefined]);
  });

  it('when the route is public, then the caller is of no kind and a service refuses it', () => {
    const wire = callerOf(responseWith({}));
    expect(wire.kind).toBe(Kind.KIND_UNSPECIFIED);
    expect(() => requireCaller(wire)).toThrow(/refused/);
  });
});

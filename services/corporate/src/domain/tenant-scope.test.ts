import { caller } from '@travel/contracts';
import { jobCaller } from '@travel/grpc';
import { type Actor, listScope, ownerOf, requireActor, scopeOf } from './tenant-scope';

const audit = { ip: '', requestId: 'req_1' };
const platform: Actor = {
  kind: 'platform-staff',
  userId: 'usr_1',
  email: 'admin@example.com',
  rights: [],
  audit,
};
const tenantStaff: Actor = { ...platform, kind: 'tenant-staff', userId: 'usr_2', tenantId: 'ten_1' };

describe('tenant scope', () => {
  it('when tenant staff act, then their own tenant is the scope, the owner and the only list they may name', () => {
    expect(scopeOf(tenantStaff)).toEqual({ tenantId: 'ten_1' });
    expect(ownerOf(tenantStaff, undefined)).toBe('ten_1');
    expect(ownerOf(tenantStaff, 'ten_1')).toBe('ten_1');
    expect(listScope(tenantStaff, undefined)).toEqual({ tenantId: 'ten_1' });
    expect(() => ownerOf(tenantStaff, 'ten_2')).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(() => listScope(tenantStaff, 'ten_2')).toThrow(expect.objectContaining({ code: 'not_found' }));
  });

  it('when platform staff act, then any tenant is in scope and a new record must name one', () => {
    expect(scopeOf(platform)).toEqual({});
    expect(listScope(platform, undefined)).toEqual({});
    expect(listScope(platform, 'ten_2')).toEqual({ tenantId: 'ten_2' });
    expect(ownerOf(platform, 'ten_2')).toBe('ten_2');
    expect(() => ownerOf(platform, undefined)).toThrow(
      expect.objectContaining({
        code: 'bad_request',
        details: [expect.objectContaining({ path: 'tenantId' })],
      }),
    );
  });

  it('when a call carries no staff member, then it is refused (fail closed)', () => {
    const staffWire = { ...jobCaller(''), kind: caller.Caller_Kind.KIND_PLATFORM_STAFF, userId: '' };
    expect(() => requireActor(undefined)).toThrow(expect.objectContaining({ code: 'forbidden' }));
    expect(() => requireActor(staffWire)).toThrow(expect.objectContaining({ code: 'forbidden' }));
    expect(() => requireActor(jobCaller('corporate.test'))).toThrow(
      expect.objectContaining({ code: 'forbidden' }),
    );
  });
});

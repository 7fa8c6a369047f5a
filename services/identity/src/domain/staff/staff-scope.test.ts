import type { AppError } from '@travel/errors';
import type { StaffActor } from './staff';
import { assertWithinActorRights, canSeeTenant, tenantForNew } from './staff-scope';

const platform: StaffActor = {
  userId: 'usr_1',
  email: 'a@x.io',
  rights: ['audit', 'tenants'],
  ip: '',
  requestId: '',
};
const tenantStaff: StaffActor = { ...platform, userId: 'usr_2', tenantId: 'ten_1' };

describe('staff scope', () => {
  it('when the actor is platform staff, then it sees every tenant and chooses the tenant of new staff', () => {
    expect(canSeeTenant(platform, 'ten_9')).toBe(true);
    expect(canSeeTenant(platform, null)).toBe(true);
    expect(tenantForNew(platform, 'ten_9')).toBe('ten_9');
    expect(tenantForNew(platform, undefined)).toBeNull();
  });

  it('when the actor is tenant staff, then it sees only its tenant and its new staff belong to it', () => {
    expect(canSeeTenant(tenantStaff, 'ten_1')).toBe(true);
    expect(canSeeTenant(tenantStaff, 'ten_2')).toBe(false);
    expect(canSeeTenant(tenantStaff, null)).toBe(false);
    expect(tenantForNew(tenantStaff, 'ten_2')).toBe('ten_1');
  });

  it('when rights are a subset of the actor’s, then they pass; when one is beyond, then forbidden names it', () => {
    expect(() => assertWithinActorRights(tenantStaff, ['audit'])).not.toThrow();
    expect(() => assertWithinActorRights(tenantStaff, [])).not.toThrow();
    expect(() => assertWithinActorRights(tenantStaff, ['audit', 'billing'])).toThrow(
      expect.objectContaining({ code: 'forbidden', message: expect.stringContaining('billing') }) as AppError,
    );
  });
});

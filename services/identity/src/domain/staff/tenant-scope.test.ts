import { tenantScopeOf } from './tenant-scope';

const actor = (tenantId?: string) => ({
  userId: 'usr_1',
  email: 'a@b.c',
  tenantId,
  rights: [],
  ip: '',
  requestId: '',
});

describe('tenant scope', () => {
  it('when platform staff ask without a tenant, then nothing confines the request', () => {
    expect(tenantScopeOf(actor(), undefined)).toEqual({});
  });

  it('when platform staff name a tenant, or tenant staff ask, then that tenant confines it', () => {
    expect(tenantScopeOf(actor(), 'ten_1')).toEqual({ tenantId: 'ten_1' });
    expect(tenantScopeOf(actor('ten_2'), undefined)).toEqual({ tenantId: 'ten_2' });
    expect(tenantScopeOf(actor('ten_2'), 'ten_2')).toEqual({ tenantId: 'ten_2' });
  });

  it('when tenant staff name another tenant, then nothing is in scope', () => {
    expect(tenantScopeOf(actor('ten_2'), 'ten_1')).toBeNull();
  });
});

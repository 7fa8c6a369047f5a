import { type caller, customers } from '@travel/contracts';
import { jobCaller, type ServiceClient } from '@travel/grpc';
import { codeOf, createServiceClient, customerCaller, uniqueName } from '@travel/testkit';
import {
  ADMIN,
  actorOf,
  type IdentityUnderTest,
  login,
  newTenantStaff,
  startIdentity,
} from './staff.fixture';

let identity: IdentityUnderTest;
let platform: caller.Caller;
let customerClient: ServiceClient<typeof customers.CustomerServiceDefinition>;

beforeAll(async () => {
  identity = await startIdentity();
  customerClient = createServiceClient(customers.CustomerServiceDefinition, identity.service.address, {
    deadlineMs: 10_000,
  });
  platform = actorOf((await login(identity, ADMIN.email, ADMIN.password)).profile);
});
afterAll(async () => {
  await identity.stop();
});

/** A tenant with a role and one user holding it, signed in. */
async function tenantAdmin() {
  const made = await newTenantStaff(identity, platform, ['bookings'], undefined, 'Admin');
  return {
    tenantId: made.tenantId,
    roleId: made.role?.id ?? '',
    userId: made.user?.id ?? '',
    staff: made.actor,
  };
}

/** docs/access.md, "Callers": no caller is refused, never read as the platform; scopes are in every query. */
describe('identity callers', () => {
  it('when a scoped call names no caller, or a caller that is not staff, then it is forbidden and nothing changes', async () => {
    const a = await tenantAdmin();
    for (const who of [undefined, jobCaller('identity.test'), customerCaller('cus_1')]) {
      expect(await codeOf(identity.tenants.createTenant({ caller: who, name: uniqueName('Ghost') }))).toBe(
        'forbidden',
      );
      expect(await codeOf(identity.staff.updateUser({ caller: who, id: a.userId, name: 'Taken' }))).toBe(
        'forbidden',
      );
      expect(await codeOf(identity.staff.deleteRole({ caller: who, id: a.roleId }))).toBe('forbidden');
      expect(await codeOf(identity.staff.listUsers({ caller: who }))).toBe('forbidden');
    }
    const users = (await identity.staff.listUsers({ caller: a.staff })).users;
    expect(users.find((user) => user.id === a.userId)).toMatchObject({ name: 'Tenant Manager' });
    const tenants = (await identity.tenants.listTenants({ caller: platform })).tenants;
    expect(tenants.filter((tenant) => tenant.name.startsWith('Ghost'))).toEqual([]);
  });

  it("when tenant staff name another tenant's user or role by id, then it is not_found and it stays as it was", async () => {
    const a = await tenantAdmin();
    const b = await tenantAdmin();
    expect(await codeOf(identity.staff.updateUser({ caller: a.staff, id: b.userId, name: 'Taken' }))).toBe(
      'not_found',
    );
    expect(await codeOf(identity.staff.deleteUser({ caller: a.staff, id: b.userId }))).toBe('not_found');
    expect(await codeOf(identity.staff.updateRole({ caller: a.staff, id: b.roleId, name: 'Taken' }))).toBe(
      'not_found',
    );
    expect(await codeOf(identity.tenants.getTenant({ caller: a.staff, id: b.tenantId }))).toBe('not_found');
    const bUsers = (await identity.staff.listUsers({ caller: b.staff })).users;
    expect(bUsers.find((user) => user.id === b.userId)).toMatchObject({
      name: 'Tenant Manager',
      status: 'active',
    });
    const bRoles = (await identity.staff.listRoles({ caller: b.staff })).roles;
    expect(bRoles.find((role) => role.id === b.roleId)).toMatchObject({ name: 'Admin' });
  });

  it("when a customer reads or changes travellers, then only its own are reached; platform staff may read a customer's profile", async () => {
    const register = (email: string) =>
      customerClient.registerCustomer({
        email,
        password: 'customer-pass-1',
        fullName: 'Asha Rao',
        ip: '203.0.113.7',
        userAgent: 'jest',
        requestId: uniqueName('req'),
      });
    const owner = (await register(`${uniqueName('c')}@example.com`)).tokens?.customer?.id ?? '';
    const other = (await register(`${uniqueName('c')}@example.com`)).tokens?.customer?.id ?? '';
    const { traveller } = await customerClient.addTraveller({
      caller: customerCaller(owner),
      firstName: 'Mina',
      lastName: 'Shah',
    });
    const id = traveller?.id ?? '';
    expect(await codeOf(customerClient.deleteTraveller({ id }))).toBe('forbidden');
    expect(await codeOf(customerClient.deleteTraveller({ caller: customerCaller(other), id }))).toBe(
      'not_found',
    );
    expect(await codeOf(customerClient.deleteTraveller({ caller: platform, id }))).toBe('forbidden');
    expect((await customerClient.listTravellers({ caller: customerCaller(owner) })).travellers).toHaveLength(
      1,
    );
    expect(await codeOf(customerClient.getProfile({ customerId: owner }))).toBe('forbidden');
    const seen = await customerClient.getProfile({ caller: platform, customerId: owner });
    expect(seen.customer?.id).toBe(owner);
  });
});

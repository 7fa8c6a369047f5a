import type { StaffUserRepository } from '../../db/staff-user.repository';

/**
 * The addresses of a tenant's active staff, for a service's own job that must tell them something (the webhook
 * service's auto-disable notice, sent by engagement). Disabled members are left out.
 */
export function createListTenantStaffEmails({ users }: { users: StaffUserRepository }) {
  return async function listTenantStaffEmails(tenantId: string): Promise<string[]> {
    return (await users.list({ tenantId }))
      .filter((user) => user.status === 'active')
      .map((user) => user.email);
  };
}

import { staff } from '@travel/contracts';
import { createPeerClient, jobCaller, type PeerClientOptions } from '@travel/grpc';
import type { TenantStaffDirectory } from '../domain/notify-tenant-staff';

const notifier = jobCaller('engagement.staff-notice');

/** Identity as engagement uses it: the addresses of a tenant's active staff, for a staff notice. */
export function createTenantStaffDirectory(
  address: string,
  options: PeerClientOptions,
): TenantStaffDirectory {
  const client = createPeerClient(staff.StaffServiceDefinition, address, options);
  return {
    async emailsOf(tenantId, requestId) {
      const reply = await client.listTenantStaffEmails({ caller: notifier, tenantId }, { requestId });
      return reply.emails;
    },
  };
}

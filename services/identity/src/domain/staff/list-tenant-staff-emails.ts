import type { Logger } from '@travel/logger';
import { noteCappedRead } from '@travel/metrics';
import { PAGE_SIZE } from '@travel/paging';
import type { StaffUserRepository } from '../../db/staff-user.repository';

/** The most addresses one notice goes to: the one page-size rule's largest page. */
export const TENANT_STAFF_EMAILS_CAP = PAGE_SIZE.max;

/**
 * The addresses of a tenant's active staff, oldest account first, for a service's own job that must tell them
 * something (the webhook service's auto-disable notice, sent by engagement). Disabled members are left out. A
 * notice is not a directory: past `TENANT_STAFF_EMAILS_CAP` members the oldest accounts are told and the cap
 * is logged and counted (`capped_reads_total{read="identity.tenant_staff_emails"}`).
 */
export function createListTenantStaffEmails({
  users,
  logger,
}: {
  users: StaffUserRepository;
  logger: Logger;
}) {
  return async function listTenantStaffEmails(tenantId: string): Promise<string[]> {
    const active = await users.list({ tenantId, status: 'active' }, undefined, TENANT_STAFF_EMAILS_CAP + 1);
    if (active.length > TENANT_STAFF_EMAILS_CAP)
      noteCappedRead(logger, 'identity.tenant_staff_emails', TENANT_STAFF_EMAILS_CAP, { tenantId });
    return active.slice(0, TENANT_STAFF_EMAILS_CAP).map((user) => user.email);
  };
}

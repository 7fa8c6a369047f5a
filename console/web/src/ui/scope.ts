import { useSyncExternalStore } from 'react';
import { currentUser, onSessionChange } from '../api/session';
import { useChosenTenant } from './url-state';

/**
 * Whose data a page shows: a tenant's staff their own tenant (the `api-console` routes, which take no tenant);
 * platform staff the tenant they chose (`?tenant=`), read-only, through the platform's routes with `tenantId`.
 */
export function useScope(): { platform: boolean; tenantId: string; canWrite: boolean } {
  const user = useSyncExternalStore(onSessionChange, currentUser);
  const tenantId = useChosenTenant();
  const platform = user?.platform ?? false;
  return { platform, tenantId, canWrite: !platform };
}

/**
 * What gateways may have cached; a change makes them evict the entries it names by `id` (docs/access.md, "The access
 * directory and `identity.changes`"), so a new kind needs its eviction in `gateway/src/access/access-directory.ts`.
 */
export type ChangeKind =
  | 'api_key'
  | 'api_client'
  | 'api_settings'
  | 'staff_session'
  | 'staff_user'
  | 'role'
  | 'tenant'
  | 'customer_session'
  | 'platform_settings'
  | 'console_ip_rules';

/** Announces on `identity.changes` that something gateways cache has changed. */
export interface IdentityChanges {
  announce(kind: ChangeKind, id: string): Promise<void>;
}

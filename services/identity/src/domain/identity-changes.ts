/** What gateways may have cached; any change drops their caches (see `events/identity-changes.publisher.ts`). */
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

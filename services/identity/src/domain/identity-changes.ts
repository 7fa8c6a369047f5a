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

/**
 * Announces on `identity.changes` that something gateways cache has changed, through identity's outbox: no write
 * waits for Kafka, and no change stored goes unannounced (docs/decisions/identity-and-access.md, "Changes through
 * an outbox").
 */
export interface IdentityChanges {
  /**
   * Runs `write`, which changes what `kind`/`id` names, with its notice stored first; the notice is published as soon
   * as `write` resolves, never before. A write answering `null` or `false` changed nothing and withdraws it.
   */
  announcing<T>(kind: ChangeKind, id: string, write: () => Promise<T>): Promise<T>;
  /** A record just created: its notice, stored after it (its id came from its insert; no gateway can hold it yet). */
  announceCreated(kind: ChangeKind, id: string): Promise<void>;
}

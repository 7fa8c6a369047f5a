import type { AuditEntry } from '@travel/audit';
import type { Fields, Owned } from './records';

/** Which tenant's records a call may touch: tenant staff their own; platform staff any (`tenantId` absent). */
export interface Scope {
  tenantId?: string;
}

export interface PageRequest {
  limit: number;
  cursor?: string;
}

export interface Page<R> {
  /** Newest first. */
  items: R[];
  nextCursor?: string;
}

/** A record as read, with the version a replacement must still find (optimistic concurrency). */
export type Versioned<R> = R & { version: number };

/**
 * The store of one kind of directory record (implemented in `db/directory.repository.ts`). Every change is
 * stored with its audit entry in the same write.
 */
export interface Directory<R extends Owned, F> {
  /**
   * Stores a new record under the next id, with the entry `entryOf` makes of it; a unique field already taken
   * in the tenant is `conflict`.
   */
  insert(tenantId: string, fields: Fields<R>, at: Date, entryOf: (record: R) => AuditEntry): Promise<R>;
  get(scope: Scope, id: string): Promise<Versioned<R> | null>;
  /** Replaces the fields if the record still has `version`; null when it is gone or was changed meanwhile. */
  replace(
    scope: Scope,
    id: string,
    version: number,
    fields: Fields<R>,
    at: Date,
    entry: AuditEntry,
  ): Promise<R | null>;
  /**
   * Deletes the record (a tombstone holding `entry` until it is relayed); `onlyUnused`: only while no employee
   * names it. Null when nothing was deleted.
   */
  remove(scope: Scope, id: string, entry: AuditEntry, options?: { onlyUnused: boolean }): Promise<R | null>;
  list(scope: Scope, filter: F, page: PageRequest): Promise<Page<R>>;
}

/** A record employees refer to (cost centre, approver, policy): its reference count. */
export interface Referenced {
  /** Counts one more employee naming it, if it exists in the tenant; false when it does not. */
  claim(tenantId: string, id: string): Promise<boolean>;
  /** Counts one employee fewer. */
  release(id: string): Promise<void>;
}

export interface TextFilter {
  /** Case-insensitive text the record's name, email or code contains. */
  q?: string;
}

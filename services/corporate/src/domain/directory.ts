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

/** The store of one kind of directory record (implemented in `db/directory.repository.ts`). */
export interface Directory<R extends Owned, F> {
  /** Stores a new record under the next id; a unique field already taken in the tenant is `conflict`. */
  insert(tenantId: string, fields: Fields<R>, at: Date): Promise<R>;
  get(scope: Scope, id: string): Promise<Versioned<R> | null>;
  /** Replaces the fields if the record still has `version`; null when it is gone or was changed meanwhile. */
  replace(scope: Scope, id: string, version: number, fields: Fields<R>, at: Date): Promise<R | null>;
  /** Deletes the record; `onlyUnused`: only while no employee names it. Null when nothing was deleted. */
  remove(scope: Scope, id: string, options?: { onlyUnused: boolean }): Promise<R | null>;
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

import { AppError } from '@travel/errors';
import { entryOf } from './audit-trail';
import type { Directory, PageRequest } from './directory';
import type { Fields, Owned } from './records';
import type { TenantDirectory } from './tenant-scope';
import { type Actor, listScope, ownerOf, requireOwner, scopeOf } from './tenant-scope';

/** How one kind of record is named in ids, audit actions and messages. */
export interface Kind {
  /** `cost_center`: audit actions `cost_center.created`, ... */
  type: string;
  /** `cost centre`, for messages. */
  label: string;
}

export interface DirectoryRules<R extends Owned, Input, Patch> {
  kind: Kind;
  /** The fields of a new record from checked input (cross-field rules throw `bad_request`). */
  build(input: Input): Fields<R>;
  /** The fields after a partial update. */
  merge(current: R, patch: Patch): Fields<R>;
  /** Checks against other records or services (a contract's supplier); throws `bad_request`. */
  verify?(owner: { tenantId: string; requestId: string }, fields: Fields<R>, current?: R): Promise<void>;
  /** Delete only while no employee names the record (`conflict` otherwise). */
  guardedDelete?: boolean;
}

export interface DirectoryDeps<R extends Owned, F> {
  directory: Directory<R, F>;
  tenants: TenantDirectory;
  now: () => Date;
}

/**
 * List, create, update and delete of one kind of tenant-owned record, under the tenant rules of
 * docs/decisions/corporate.md, each change stored with its audit entry. Employees add their references on top (`employees.ts`).
 */
export function createDirectoryUseCases<R extends Owned, F, Input, Patch>(
  rules: DirectoryRules<R, Input, Patch>,
  { directory, tenants, now }: DirectoryDeps<R, F>,
) {
  const { kind } = rules;
  return {
    list(actor: Actor, tenantId: string | undefined, filter: F, page: PageRequest) {
      return directory.list(listScope(actor, tenantId), filter, page);
    },

    async create(actor: Actor, tenantId: string | undefined, input: Input): Promise<R> {
      const owner = ownerOf(actor, tenantId);
      const fields = rules.build(input);
      await allChecks([
        actor.kind === 'platform-staff' ? requireOwner(tenants, actor, owner) : undefined,
        rules.verify?.({ tenantId: owner, requestId: actor.audit.requestId }, fields),
      ]);
      const at = now();
      return directory.insert(owner, fields, at, (record) =>
        entryOf(actor, changeOf(kind, 'created', record, fields), at),
      );
    },

    async update(actor: Actor, id: string, patch: Patch): Promise<R> {
      const scope = scopeOf(actor);
      const current = await directory.get(scope, id);
      if (!current) throw notFound(kind, id);
      const fields = rules.merge(current, patch);
      await rules.verify?.({ tenantId: current.tenantId, requestId: actor.audit.requestId }, fields, current);
      const at = now();
      const entry = entryOf(actor, changeOf(kind, 'updated', current, fields), at);
      const updated = await directory.replace(scope, id, current.version, fields, at, entry);
      if (!updated) throw changedMeanwhile(kind, id);
      return updated;
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const scope = scopeOf(actor);
      const current = await directory.get(scope, id);
      if (!current) throw notFound(kind, id);
      const entry = entryOf(actor, changeOf(kind, 'deleted', current, {}), now());
      const removed = await directory.remove(scope, id, entry, { onlyUnused: rules.guardedDelete === true });
      if (!removed) {
        if (rules.guardedDelete && (await directory.get(scope, id)))
          throw new AppError('conflict', `The ${kind.label} ${id} is still assigned to employees.`);
        throw notFound(kind, id);
      }
    },
  };
}

export function notFound(kind: Kind, id: string): AppError {
  return new AppError('not_found', `No ${kind.label} ${id}.`);
}

/** A replacement found another version: someone changed (or deleted) the record between our read and write. */
export function changedMeanwhile(kind: Kind, id: string): AppError {
  return new AppError(
    'conflict',
    `The ${kind.label} ${id} was changed at the same time; read it again and retry.`,
  );
}

export function changeOf<R extends Owned>(
  kind: Kind,
  verb: 'created' | 'updated' | 'deleted',
  record: R,
  fields: object,
) {
  return {
    action: `${kind.type}.${verb}`,
    target: { type: kind.type, id: record.id },
    details: { tenantId: record.tenantId, ...fields },
  };
}

/**
 * Checks that ask other services (the tenant of identity, a contract's supplier of supply) and need nothing of
 * each other: asked at once, and the first refusal in the listed order answered, as when they ran in turn.
 */
async function allChecks(checks: Array<Promise<void> | undefined>): Promise<void> {
  const outcomes = await Promise.allSettled(checks);
  const refused = outcomes.find((outcome) => outcome.status === 'rejected');
  if (refused) throw refused.reason;
}

import { type AuditEntry, type AuditOutbox, auditOf, createAuditOutbox, withAuditEntry } from '@travel/audit';
import { AppError } from '@travel/errors';
import { CREATED_ORDER, createdAfter, isDuplicateKeyError, modelOn } from '@travel/mongo';
import type { CreatedPosition } from '@travel/paging';
import type { Connection } from 'mongoose';
import { isRight } from '../domain/staff/rights';
import type { Role } from '../domain/staff/staff';
import type { StaffScope } from '../domain/staff/staff-scope';
import { type RoleDocument, roleSchema } from './role.schema';

/** As staff users: reads and writes for staff carry the actor's scope in their filter. */
export interface RoleRepository {
  /** A name already used in the same tenant is `conflict`. The role's audit entry is stored in the same insert. */
  create(role: Role, entry: AuditEntry): Promise<Role>;
  /** Inserts the role unless a role with its id exists (idempotent across replicas); the bootstrap's, unaudited. */
  ensure(role: Role): Promise<void>;
  findById(scope: StaffScope, id: string): Promise<Role | null>;
  /** Oldest first, `count` at most after `after`. `tenantId` undefined: every role; null: platform roles only. */
  list(
    filter: { tenantId?: string | null },
    after: CreatedPosition | undefined,
    count: number,
  ): Promise<Role[]>;
  /** With `entry`, the change and its audit entry in one write (the bootstrap's refresh of the built-in role has none). */
  update(
    scope: StaffScope,
    id: string,
    changes: { name?: string; rights?: string[] },
    at: Date,
    entry?: AuditEntry,
  ): Promise<Role | null>;
  /** A tombstone holding the audit entry until relayed (docs/decisions/audit.md); false when none matched. */
  delete(scope: StaffScope, id: string, entry: AuditEntry): Promise<boolean>;
}

/** `audit`: the service's outbox; a reader that never writes may leave it to a private one. */
export function createRoleRepository(
  connection: Connection,
  audit: AuditOutbox = createAuditOutbox(),
): RoleRepository {
  const model = audit.track(modelOn(connection, 'Role', roleSchema));
  const insert = async ({ id, ...role }: Role, entry?: AuditEntry) => {
    await model.create({ _id: id, ...role, updatedAt: role.createdAt, ...(entry ? auditOf(entry) : {}) });
  };
  return {
    async create(role, entry) {
      await insert(role, entry).catch(rethrowNameTaken);
      audit.written();
      return role;
    },
    async ensure(role) {
      await insert(role).catch((error: unknown) => {
        if (!isDuplicateKeyError(error)) throw error;
      });
    },
    async findById(scope, id) {
      const doc = await model.findOne({ _id: id, ...scope }).lean<RoleDocument>();
      return doc ? toRole(doc) : null;
    },
    async list({ tenantId }, after, count) {
      const docs = await model
        .find({ ...(tenantId === undefined ? {} : { tenantId }), ...createdAfter(after) })
        .sort(CREATED_ORDER)
        .limit(count)
        .lean<RoleDocument[]>();
      return docs.map(toRole);
    },
    async update(scope, id, changes, at, entry) {
      const set = { $set: { ...changes, updatedAt: at } };
      const doc = await model
        .findOneAndUpdate({ _id: id, ...scope }, entry ? withAuditEntry(set, entry) : set, { new: true })
        .lean<RoleDocument>()
        .catch(rethrowNameTaken);
      if (doc && entry) audit.written();
      return doc ? toRole(doc) : null;
    },
    async delete(scope, id, entry) {
      return (await audit.tombstone(model, { _id: id, ...scope }, entry)) !== null;
    },
  };
}

function rethrowNameTaken(error: unknown): never {
  if (isDuplicateKeyError(error)) throw new AppError('conflict', 'A role with this name already exists.');
  throw error;
}

function toRole(doc: RoleDocument): Role {
  return {
    id: doc._id,
    name: doc.name,
    tenantId: doc.tenantId ?? null,
    // A right removed from the product in a later release drops out of old roles here.
    rights: (doc.rights ?? []).filter(isRight),
    builtIn: doc.builtIn,
    createdAt: doc.createdAt,
  };
}

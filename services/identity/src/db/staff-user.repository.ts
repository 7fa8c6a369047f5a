import { type AuditEntry, type AuditOutbox, auditOf, createAuditOutbox, withAuditEntry } from '@travel/audit';
import { AppError } from '@travel/errors';
import { CREATED_ORDER, createdAfter, isDuplicateKeyError, modelOn } from '@travel/mongo';
import type { CreatedPosition } from '@travel/paging';
import type { Connection } from 'mongoose';
import type { StaffStatus, StaffUser } from '../domain/staff/staff';
import type { StaffScope } from '../domain/staff/staff-scope';
import { type StaffUserDocument, staffUserSchema } from './staff-user.schema';

export interface NewStaffUser {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  tenantId: string | null;
  roleId: string;
  createdAt: Date;
}

export interface StaffUserChanges {
  name?: string;
  passwordHash?: string;
  roleId?: string;
  status?: StaffStatus;
}

/**
 * Reads and writes on behalf of staff take the actor's scope (`staffScopeOf`) into their filter: tenant staff
 * reach their tenant's users only, whatever id they name (docs/access.md, "Callers").
 */
export interface StaffUserRepository {
  /** A taken email is `conflict`. The user's audit entry is stored in the same insert. */
  create(user: NewStaffUser, entry: AuditEntry): Promise<StaffUser>;
  findById(scope: StaffScope, id: string): Promise<StaffUser | null>;
  /** For the sign-in check only: the user and its password hash. */
  findCredentials(email: string): Promise<{ user: StaffUser; passwordHash: string } | null>;
  /** Oldest first, `count` at most after `after`. `tenantId` undefined: every user; null: platform staff only. */
  list(
    filter: { tenantId?: string | null; status?: StaffStatus },
    after: CreatedPosition | undefined,
    count: number,
  ): Promise<StaffUser[]>;
  /** The change and its audit entry in one write; null when the scope has no such user. */
  update(
    scope: StaffScope,
    id: string,
    changes: StaffUserChanges,
    at: Date,
    entry: AuditEntry,
  ): Promise<StaffUser | null>;
  /** A rehash at sign-in: only while the stored hash is still `previous` (a password change meanwhile wins). */
  replacePasswordHash(id: string, previous: string, next: string): Promise<void>;
  /** A tombstone holding the audit entry until relayed (docs/decisions/audit.md); false when none matched. */
  delete(scope: StaffScope, id: string, entry: AuditEntry): Promise<boolean>;
  anyWithRole(roleId: string): Promise<boolean>;
}

/** `audit`: the service's outbox; a reader that never writes may leave it to a private one. */
export function createStaffUserRepository(
  connection: Connection,
  audit: AuditOutbox = createAuditOutbox(),
): StaffUserRepository {
  const model = audit.track(modelOn(connection, 'StaffUser', staffUserSchema));
  return {
    async create({ id, passwordHash, ...user }, entry) {
      try {
        await model.create({
          _id: id,
          ...user,
          passwordHash,
          status: 'active',
          updatedAt: user.createdAt,
          ...auditOf(entry),
        });
      } catch (error) {
        if (isDuplicateKeyError(error)) {
          throw new AppError('conflict', 'A staff user with this email already exists.');
        }
        throw error;
      }
      audit.written();
      return { id, ...user, status: 'active' };
    },
    async findById(scope, id) {
      const doc = await model.findOne({ _id: id, ...scope }).lean<StaffUserDocument>();
      return doc ? toUser(doc) : null;
    },
    async findCredentials(email) {
      const doc = await model.findOne({ email }).lean<StaffUserDocument>();
      return doc ? { user: toUser(doc), passwordHash: doc.passwordHash } : null;
    },
    async list({ tenantId, status }, after, count) {
      const docs = await model
        .find(
          {
            ...(tenantId === undefined ? {} : { tenantId }),
            ...(status === undefined ? {} : { status }),
            ...createdAfter(after),
          },
          { passwordHash: 0 },
        )
        .sort(CREATED_ORDER)
        .limit(count)
        .lean<StaffUserDocument[]>();
      return docs.map(toUser);
    },
    async update(scope, id, changes, at, entry) {
      const doc = await model
        .findOneAndUpdate(
          { _id: id, ...scope },
          withAuditEntry({ $set: { ...changes, updatedAt: at } }, entry),
          { new: true },
        )
        .lean<StaffUserDocument>();
      if (doc) audit.written();
      return doc ? toUser(doc) : null;
    },
    async replacePasswordHash(id, previous, next) {
      await model.updateOne({ _id: id, passwordHash: previous }, { $set: { passwordHash: next } });
    },
    async delete(scope, id, entry) {
      return (await audit.tombstone(model, { _id: id, ...scope }, entry)) !== null;
    },
    async anyWithRole(roleId) {
      return (await model.exists({ roleId })) !== null;
    },
  };
}

function toUser(doc: Omit<StaffUserDocument, 'passwordHash' | 'updatedAt'>): StaffUser {
  return {
    id: doc._id,
    email: doc.email,
    name: doc.name,
    tenantId: doc.tenantId ?? null,
    roleId: doc.roleId,
    status: doc.status,
    createdAt: doc.createdAt,
  };
}

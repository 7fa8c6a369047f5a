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
  /** A taken email is `conflict`. */
  create(user: NewStaffUser): Promise<StaffUser>;
  findById(scope: StaffScope, id: string): Promise<StaffUser | null>;
  /** For the sign-in check only: the user and its password hash. */
  findCredentials(email: string): Promise<{ user: StaffUser; passwordHash: string } | null>;
  /** Oldest first, `count` at most after `after`. `tenantId` undefined: every user; null: platform staff only. */
  list(
    filter: { tenantId?: string | null; status?: StaffStatus },
    after: CreatedPosition | undefined,
    count: number,
  ): Promise<StaffUser[]>;
  update(scope: StaffScope, id: string, changes: StaffUserChanges, at: Date): Promise<StaffUser | null>;
  /** A rehash at sign-in: only while the stored hash is still `previous` (a password change meanwhile wins). */
  replacePasswordHash(id: string, previous: string, next: string): Promise<void>;
  delete(scope: StaffScope, id: string): Promise<boolean>;
  anyWithRole(roleId: string): Promise<boolean>;
}

export function createStaffUserRepository(connection: Connection): StaffUserRepository {
  const model = modelOn(connection, 'StaffUser', staffUserSchema);
  return {
    async create({ id, passwordHash, ...user }) {
      try {
        await model.create({ _id: id, ...user, passwordHash, status: 'active', updatedAt: user.createdAt });
      } catch (error) {
        if (isDuplicateKeyError(error)) {
          throw new AppError('conflict', 'A staff user with this email already exists.');
        }
        throw error;
      }
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
    async update(scope, id, changes, at) {
      const doc = await model
        .findOneAndUpdate({ _id: id, ...scope }, { $set: { ...changes, updatedAt: at } }, { new: true })
        .lean<StaffUserDocument>();
      return doc ? toUser(doc) : null;
    },
    async replacePasswordHash(id, previous, next) {
      await model.updateOne({ _id: id, passwordHash: previous }, { $set: { passwordHash: next } });
    },
    async delete(scope, id) {
      const result = await model.deleteOne({ _id: id, ...scope });
      return result.deletedCount > 0;
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

import { AppError } from '@travel/errors';
import { isDuplicateKeyError, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { StaffStatus, StaffUser } from '../domain/staff';
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

export interface StaffUserRepository {
  /** A taken email is `conflict`. */
  create(user: NewStaffUser): Promise<StaffUser>;
  findById(id: string): Promise<StaffUser | null>;
  /** For the sign-in check only: the user and its password hash. */
  findCredentials(email: string): Promise<{ user: StaffUser; passwordHash: string } | null>;
  /** `tenantId` undefined: every user; null: platform staff only. */
  list(filter: { tenantId?: string | null }): Promise<StaffUser[]>;
  update(id: string, changes: StaffUserChanges, at: Date): Promise<StaffUser | null>;
  /** A rehash at sign-in: only while the stored hash is still `previous` (a password change meanwhile wins). */
  replacePasswordHash(id: string, previous: string, next: string): Promise<void>;
  delete(id: string): Promise<boolean>;
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
    async findById(id) {
      const doc = await model.findById(id).lean<StaffUserDocument>();
      return doc ? toUser(doc) : null;
    },
    async findCredentials(email) {
      const doc = await model.findOne({ email }).lean<StaffUserDocument>();
      return doc ? { user: toUser(doc), passwordHash: doc.passwordHash } : null;
    },
    async list({ tenantId }) {
      const docs = await model
        .find(tenantId === undefined ? {} : { tenantId })
        .sort({ createdAt: 1, _id: 1 })
        .lean<StaffUserDocument[]>();
      return docs.map(toUser);
    },
    async update(id, changes, at) {
      const doc = await model
        .findOneAndUpdate({ _id: id }, { $set: { ...changes, updatedAt: at } }, { new: true })
        .lean<StaffUserDocument>();
      return doc ? toUser(doc) : null;
    },
    async replacePasswordHash(id, previous, next) {
      await model.updateOne({ _id: id, passwordHash: previous }, { $set: { passwordHash: next } });
    },
    async delete(id) {
      const result = await model.deleteOne({ _id: id });
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

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
  /** A name already used in the same tenant is `conflict`. */
  create(role: Role): Promise<Role>;
  /** Inserts the role unless a role with its id exists (idempotent across replicas). */
  ensure(role: Role): Promise<void>;
  findById(scope: StaffScope, id: string): Promise<Role | null>;
  /** Oldest first, `count` at most after `after`. `tenantId` undefined: every role; null: platform roles only. */
  list(
    filter: { tenantId?: string | null },
    after: CreatedPosition | undefined,
    count: number,
  ): Promise<Role[]>;
  update(
    scope: StaffScope,
    id: string,
    changes: { name?: string; rights?: string[] },
    at: Date,
  ): Promise<Role | null>;
  delete(scope: StaffScope, id: string): Promise<boolean>;
}

export function createRoleRepository(connection: Connection): RoleRepository {
  const model = modelOn(connection, 'Role', roleSchema);
  const insert = async ({ id, ...role }: Role) => {
    await model.create({ _id: id, ...role, updatedAt: role.createdAt });
  };
  return {
    async create(role) {
      await insert(role).catch(rethrowNameTaken);
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
    async update(scope, id, changes, at) {
      const doc = await model
        .findOneAndUpdate({ _id: id, ...scope }, { $set: { ...changes, updatedAt: at } }, { new: true })
        .lean<RoleDocument>()
        .catch(rethrowNameTaken);
      return doc ? toRole(doc) : null;
    },
    async delete(scope, id) {
      const result = await model.deleteOne({ _id: id, ...scope });
      return result.deletedCount > 0;
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

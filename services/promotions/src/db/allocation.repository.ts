import { type AuditEntry, type AuditOutbox, auditOf } from '@travel/audit';
import { AppError } from '@travel/errors';
import { insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { Allocation } from '../domain/allocation';
import type { PromotionKind } from '../domain/promotion';
import { type AllocationDocument, allocationSchema } from './allocation.schema';

export interface AllocationRepository {
  /** `conflict` when the holder has this promotion already. */
  /** Stored with its audit entry (as is its removal, a tombstone until relayed). */
  insert(kind: PromotionKind, allocation: Allocation, entry: AuditEntry): Promise<void>;
  ofPromotion(promotionId: string): Promise<Allocation[]>;
  ofPromotions(promotionIds: string[]): Promise<Allocation[]>;
  exists(promotionId: string, holderKey: string): Promise<boolean>;
  /** Ids of the promotions of this kind allocated to the holder. */
  promotionIdsOf(holderKey: string, kind: PromotionKind): Promise<string[]>;
  /** False when no such allocation belongs to this promotion. */
  delete(promotionId: string, allocationId: string, entry: AuditEntry): Promise<boolean>;
  deleteOfPromotion(promotionId: string): Promise<void>;
}

export function createAllocationRepository(connection: Connection, audit: AuditOutbox): AllocationRepository {
  const model = audit.track(modelOn(connection, 'Allocation', allocationSchema));
  const toAllocation = ({ _id, kind: _kind, ...rest }: AllocationDocument): Allocation => ({
    id: _id,
    ...rest,
    tenantId: rest.tenantId ?? undefined,
    customerId: rest.customerId ?? undefined,
  });
  return {
    async insert(kind, { id, ...rest }, entry) {
      if (!(await insertIfAbsent(model, { _id: id, kind, ...rest, ...auditOf(entry) })))
        throw new AppError('conflict', 'The promotion is already allocated to this holder.');
      audit.written();
    },
    async ofPromotion(promotionId) {
      const docs = await model.find({ promotionId }).sort({ createdAt: 1 }).lean<AllocationDocument[]>();
      return docs.map(toAllocation);
    },
    async ofPromotions(promotionIds) {
      if (promotionIds.length === 0) return [];
      const docs = await model
        .find({ promotionId: { $in: promotionIds } })
        .sort({ createdAt: 1 })
        .lean<AllocationDocument[]>();
      return docs.map(toAllocation);
    },
    async exists(promotionId, holderKey) {
      return (await model.exists({ promotionId, holderKey })) !== null;
    },
    async promotionIdsOf(holderKey, kind) {
      const docs = await model.find({ holderKey, kind }, { promotionId: 1 }).lean<AllocationDocument[]>();
      return docs.map((doc) => doc.promotionId);
    },
    async delete(promotionId, allocationId, entry) {
      return (await audit.tombstone(model, { _id: allocationId, promotionId }, entry)) !== null;
    },
    async deleteOfPromotion(promotionId) {
      await model.deleteMany({ promotionId });
    },
  };
}

import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';

/** A promotion allocated to one tenant or customer. */
export interface AllocationDocument {
  _id: string;
  kind: string;
  promotionId: string;
  /** `tenant:<id>` or `customer:<id>`. */
  holderKey: string;
  tenantId?: string;
  customerId?: string;
  createdAt: Date;
}

export const allocationSchema = new Schema<AllocationDocument>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    promotionId: { type: String, required: true },
    holderKey: { type: String, required: true },
    tenantId: String,
    customerId: String,
    createdAt: { type: Date, required: true },
  },
  { collection: 'allocations', versionKey: false },
);
// One allocation per promotion and holder (the race of two allocations is decided here); also serves
// "is this voucher allocated to this holder" and a promotion's allocations.
allocationSchema.index({ promotionId: 1, holderKey: 1 }, { unique: true });
// Serves `mine` and the customer's promo codes: a holder's allocations of one kind.
allocationSchema.index({ holderKey: 1, kind: 1 });
// An allocation and its removal carry their audit entries until relayed (docs/decisions/audit.md).
withAuditOutbox(allocationSchema, { tombstones: true });

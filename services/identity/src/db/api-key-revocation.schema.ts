import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';

/**
 * A claim that a key stops working: `_id` `<keyId>:revoke` or `<keyId>:rotate`. Inserted once, never
 * updated: the unique `_id` decides concurrent revocations and rotations, and the earliest stop stands.
 */
export interface ApiKeyRevocationDocument {
  _id: string;
  keyId: string;
  reason: 'revoke' | 'rotate';
  revokedAt: Date;
  replacedBy: string | null;
  createdAt: Date;
}

export const apiKeyRevocationSchema = new Schema<ApiKeyRevocationDocument>(
  {
    _id: { type: String, required: true },
    keyId: { type: String, required: true },
    reason: { type: String, required: true, enum: ['revoke', 'rotate'] },
    revokedAt: { type: Date, required: true },
    replacedBy: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'api_key_revocations', versionKey: false },
);
// Serves every read of a key's state: FindKeyByHash, ListClients, and the key answers of each change.
apiKeyRevocationSchema.index({ keyId: 1 });
// A revocation or rotation claim carries its audit entry until relayed (docs/decisions/audit.md).
withAuditOutbox(apiKeyRevocationSchema);

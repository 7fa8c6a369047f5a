import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';
import type { RateLimit, SpendingLimits, StoredKey } from '../domain/api-access/api-key';
import { KEY_ENVIRONMENTS } from '../domain/api-access/key-settings';

/** One API key, `_id` `key_<n>`. Never the secret: its SHA-256 and the first characters only. */
export interface ApiKeyDocument extends Omit<StoredKey, 'id'> {
  _id: string;
}

const rateLimitSchema = new Schema<RateLimit>(
  { limit: { type: Number, required: true }, windowSeconds: { type: Number, required: true } },
  { _id: false },
);

const spendingLimitsSchema = new Schema<SpendingLimits>(
  { dailyLimit: { type: Number, default: null }, perBookingLimit: { type: Number, default: null } },
  { _id: false },
);

export const apiKeySchema = new Schema<ApiKeyDocument>(
  {
    _id: { type: String, required: true },
    clientId: { type: Number, required: true },
    name: { type: String, default: '' },
    prefix: { type: String, required: true },
    hash: { type: String, required: true },
    scopes: { type: [String], required: true },
    environment: { type: String, required: true, enum: KEY_ENVIRONMENTS },
    ipAllowList: { type: [String], required: true },
    expiresAt: { type: Date, default: null },
    rateLimit: { type: rateLimitSchema, default: null },
    // Keys stored before spending limits have none: read as no limits.
    spendingLimits: { type: spendingLimitsSchema, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'api_keys', versionKey: false },
);
// Serves FindKeyByHash, the gateway's lookup of a presented key; unique, so no two keys share a secret.
apiKeySchema.index({ hash: 1 }, { unique: true });
// Serves ListClients (each client's newest keys) and DeleteClient (revoke all its keys).
apiKeySchema.index({ clientId: 1, createdAt: -1, _id: -1 });
// A key's creation and changes carry their audit entries until relayed (docs/decisions/audit.md).
withAuditOutbox(apiKeySchema);

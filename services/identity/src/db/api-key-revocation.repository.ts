import { insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { KeyRevocation } from '../domain/api-access/api-key';
import { type ApiKeyRevocationDocument, apiKeyRevocationSchema } from './api-key-revocation.schema';

export interface ApiKeyRevocationRepository {
  /** True when this call's claim was stored; false when a claim of the same key and reason was first. */
  claim(revocation: KeyRevocation, at: Date): Promise<boolean>;
  find(keyId: string, reason: KeyRevocation['reason']): Promise<KeyRevocation | null>;
  listForKeys(keyIds: readonly string[]): Promise<KeyRevocation[]>;
}

export function createApiKeyRevocationRepository(connection: Connection): ApiKeyRevocationRepository {
  const model = modelOn(connection, 'ApiKeyRevocation', apiKeyRevocationSchema);
  return {
    async claim(revocation, at) {
      return insertIfAbsent(model, {
        _id: `${revocation.keyId}:${revocation.reason}`,
        ...revocation,
        createdAt: at,
      });
    },
    async find(keyId, reason) {
      const doc = await model.findById(`${keyId}:${reason}`).lean<ApiKeyRevocationDocument>();
      return doc ? toRevocation(doc) : null;
    },
    async listForKeys(keyIds) {
      if (keyIds.length === 0) return [];
      const docs = await model.find({ keyId: { $in: [...keyIds] } }).lean<ApiKeyRevocationDocument[]>();
      return docs.map(toRevocation);
    },
  };
}

function toRevocation(doc: ApiKeyRevocationDocument): KeyRevocation {
  return {
    keyId: doc.keyId,
    reason: doc.reason,
    revokedAt: doc.revokedAt,
    replacedBy: doc.replacedBy ?? null,
  };
}

import { type AuditEntry, type AuditOutbox, auditOf, createAuditOutbox } from '@travel/audit';
import { insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { KeyRevocation } from '../domain/api-access/api-key';
import { type ApiKeyRevocationDocument, apiKeyRevocationSchema } from './api-key-revocation.schema';

export interface ApiKeyRevocationRepository {
  /**
   * True when this call's claim was stored (with `entry`, its audit entry, in the same insert); false when a
   * claim of the same key and reason was first. No entry: the change that makes the claim is audited elsewhere
   * (a deleted client's keys).
   */
  claim(revocation: KeyRevocation, at: Date, entry?: AuditEntry): Promise<boolean>;
  find(keyId: string, reason: KeyRevocation['reason']): Promise<KeyRevocation | null>;
  listForKeys(keyIds: readonly string[]): Promise<KeyRevocation[]>;
}

/** `audit`: the service's outbox; a reader that never writes may leave it to a private one. */
export function createApiKeyRevocationRepository(
  connection: Connection,
  audit: AuditOutbox = createAuditOutbox(),
): ApiKeyRevocationRepository {
  const model = audit.track(modelOn(connection, 'ApiKeyRevocation', apiKeyRevocationSchema));
  return {
    async claim(revocation, at, entry) {
      const won = await insertIfAbsent(model, {
        _id: `${revocation.keyId}:${revocation.reason}`,
        ...revocation,
        createdAt: at,
        ...(entry ? auditOf(entry) : {}),
      });
      if (won && entry) audit.written();
      return won;
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

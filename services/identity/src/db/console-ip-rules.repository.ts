import { type AuditEntry, type AuditOutbox, auditOf, createAuditOutbox, withAuditEntry } from '@travel/audit';
import { insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { ConsoleIpRule } from '../domain/settings/platform-settings';
import { type ConsoleIpRulesDocument, consoleIpRulesSchema } from './console-ip-rules.schema';

const PLATFORM = 'platform';

export interface ConsoleIpRuleSet {
  rules: ConsoleIpRule[];
  /** 0 while no rule was ever saved. */
  version: number;
}

export interface ConsoleIpRulesRepository {
  read(): Promise<ConsoleIpRuleSet>;
  /**
   * Replaces the whole set, with the change's audit entry in the same write, if nobody changed it since
   * `expectedVersion` was read; false otherwise (nothing written).
   */
  replace(expectedVersion: number, rules: ConsoleIpRule[], at: Date, entry: AuditEntry): Promise<boolean>;
}

/** `audit`: the service's outbox; a reader that never writes may leave it to a private one. */
export function createConsoleIpRulesRepository(
  connection: Connection,
  audit: AuditOutbox = createAuditOutbox(),
): ConsoleIpRulesRepository {
  const model = audit.track(modelOn(connection, 'ConsoleIpRules', consoleIpRulesSchema));
  return {
    async read() {
      const doc = await model.findById(PLATFORM).lean<ConsoleIpRulesDocument>();
      return doc
        ? { version: doc.version, rules: doc.rules.map((rule) => ({ ...rule })) }
        : { rules: [], version: 0 };
    },
    async replace(expectedVersion, rules, at, entry) {
      const replaced =
        expectedVersion === 0
          ? await insertIfAbsent(model, {
              _id: PLATFORM,
              version: 1,
              rules,
              updatedAt: at,
              ...auditOf(entry),
            })
          : (
              await model.updateOne(
                { _id: PLATFORM, version: expectedVersion },
                withAuditEntry({ $set: { rules, version: expectedVersion + 1, updatedAt: at } }, entry),
              )
            ).modifiedCount === 1;
      if (replaced) audit.written();
      return replaced;
    },
  };
}

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
  /** Replaces the whole set if nobody changed it since `expectedVersion` was read; false otherwise. */
  replace(expectedVersion: number, rules: ConsoleIpRule[], at: Date): Promise<boolean>;
}

export function createConsoleIpRulesRepository(connection: Connection): ConsoleIpRulesRepository {
  const model = modelOn(connection, 'ConsoleIpRules', consoleIpRulesSchema);
  return {
    async read() {
      const doc = await model.findById(PLATFORM).lean<ConsoleIpRulesDocument>();
      return doc
        ? { version: doc.version, rules: doc.rules.map((rule) => ({ ...rule })) }
        : { rules: [], version: 0 };
    },
    async replace(expectedVersion, rules, at) {
      if (expectedVersion === 0)
        return insertIfAbsent(model, { _id: PLATFORM, version: 1, rules, updatedAt: at });
      const { modifiedCount } = await model.updateOne(
        { _id: PLATFORM, version: expectedVersion },
        { $set: { rules, version: expectedVersion + 1, updatedAt: at } },
      );
      return modifiedCount === 1;
    },
  };
}

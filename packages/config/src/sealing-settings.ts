import { createHash } from 'node:crypto';
import { parseSealingKeys, type SealingKeys } from '@travel/sealing';
import { z } from 'zod';

/** `kid:<base64 32 bytes>,...` parsed into a map; every malformed entry is a problem of SEALING_KEYS. */
export const sealingKeyList = () =>
  z
    .string()
    .default('')
    .transform((text, ctx) => {
      const { keys, problems } = parseSealingKeys(text);
      for (const message of problems) ctx.addIssue({ code: 'custom', message });
      return problems.length > 0 ? z.NEVER : keys;
    });

/**
 * Outside production, with no SEALING_KEYS, values are sealed with this key: public (it is derived from a
 * phrase in this file), so a development or test database is sealed but not secret. Production refuses it.
 */
const DEVELOPMENT_KID = 'dev';
const developmentKey = () => createHash('sha256').update('partner-travel development sealing key').digest();

interface SealingSettings {
  NODE_ENV?: unknown;
  SEALING_KEYS: ReadonlyMap<string, Buffer>;
  SEALING_ACTIVE_KEY: string;
}

/** How SEALING_KEYS and SEALING_ACTIVE_KEY combine (a process without them has no problems here). */
export function sealingProblems(settings: Record<string, unknown>): string[] {
  if (!(settings.SEALING_KEYS instanceof Map)) return [];
  const { NODE_ENV, SEALING_KEYS: keys, SEALING_ACTIVE_KEY: active } = settings as unknown as SealingSettings;
  if (keys.size === 0)
    return NODE_ENV === 'production'
      ? ['SEALING_KEYS: required in production (kid:<base64 32 bytes>,...)']
      : [];
  if (active === '' && keys.size > 1)
    return ['SEALING_ACTIVE_KEY: required when SEALING_KEYS holds more than one key'];
  if (active !== '' && !keys.has(active))
    return [`SEALING_ACTIVE_KEY: ${active} is not a kid of SEALING_KEYS`];
  return [];
}

/** The keys of a checked config: the one key when no active kid is named, the development key when none. */
export function sealingKeysOf(settings: Omit<SealingSettings, 'NODE_ENV'>): SealingKeys {
  const { SEALING_KEYS: keys, SEALING_ACTIVE_KEY: active } = settings;
  if (keys.size === 0)
    return { keys: new Map([[DEVELOPMENT_KID, developmentKey()]]), activeKid: DEVELOPMENT_KID };
  return { keys, activeKid: active || ([...keys.keys()][0] as string) };
}

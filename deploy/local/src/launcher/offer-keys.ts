import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateOfferKeyPair } from '@travel/offer-tokens';
import { ensureDir, stateRoot } from '../infra/paths';
import type { StackProfile } from './profile';

export interface OfferKeys {
  privateKeyPem: string;
  publicKeyPem: string;
}

/**
 * The stack's offer-token key pair: search signs with the private key, booking verifies with the public
 * one. Made once per profile and kept (mode 0600) in the git-ignored .local/, so tokens outlive a restart.
 */
export function offerKeysFor(env: NodeJS.ProcessEnv, profile: StackProfile): OfferKeys {
  const file = join(ensureDir(join(stateRoot(env), 'run')), `${profile.name}-offer-keys.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as OfferKeys;
  const keys = generateOfferKeyPair();
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}

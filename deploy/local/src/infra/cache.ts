import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { cacheRoot } from './paths';

/** Bump to invalidate every cached install when the way we build them changes. */
const RECIPE_VERSION = '1';

function inputsHash(files: readonly string[], pin: string): string {
  const hash = createHash('sha256').update(`recipe:${RECIPE_VERSION}\n${pin ? `${pin}\n` : ''}`);
  for (const file of files) {
    hash.update(`${basename(file)}\n`);
    hash.update(readFileSync(file));
    hash.update('\n');
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * A per-component cache folder keyed by its input files and a pinned version, so changing either means
 * a rebuild.
 */
export function cacheDirFor(
  env: NodeJS.ProcessEnv,
  component: string,
  inputs: readonly string[],
  pin = '',
): string {
  return join(cacheRoot(env), `${component}-${inputsHash(inputs, pin)}`);
}

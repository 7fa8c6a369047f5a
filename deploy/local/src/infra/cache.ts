import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { cacheRoot } from './paths';

/** Bump to invalidate every cached install when the way we build them changes. */
const RECIPE_VERSION = '1';

function inputsHash(files: readonly string[]): string {
  const hash = createHash('sha256').update(`recipe:${RECIPE_VERSION}\n`);
  for (const file of files) {
    hash.update(`${basename(file)}\n`);
    hash.update(readFileSync(file));
    hash.update('\n');
  }
  return hash.digest('hex').slice(0, 12);
}

/** A per-component cache folder keyed by its inputs, so changing an input means a rebuild. */
export function cacheDirFor(env: NodeJS.ProcessEnv, component: string, inputs: readonly string[]): string {
  return join(cacheRoot(env), `${component}-${inputsHash(inputs)}`);
}

import { createHash } from 'node:crypto';

/** Bump when the way the base images are made changes without any input changing. */
const RECIPE_VERSION = '2';

/** The tag suffix of an image made from these inputs: a changed input gives a new tag, so a new build. */
export function inputsTag(parts: readonly (string | Buffer)[]): string {
  const hash = createHash('sha256').update(`recipe:${RECIPE_VERSION}\n`);
  for (const part of parts) hash.update(part).update('\n');
  return hash.digest('hex').slice(0, 12);
}

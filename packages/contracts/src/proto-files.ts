import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The folder of the `.proto` files these contracts are generated from, found by walking up from this file to
 * a `proto/buf.yaml`: the repository's `proto/`, or in a container image the copy the Dockerfile puts beside
 * the process's package (`/app/proto`). Undefined when there is none.
 */
export function findProtoRoot(from: string = __dirname): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'proto');
    if (existsSync(join(candidate, 'buf.yaml'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Every `.proto` file under the root, as the path an import names it by (`travel/caller/v1/caller.proto`). */
export function protoFilesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.proto'))
    .map((path) => path.split('\\').join('/'))
    .sort();
}

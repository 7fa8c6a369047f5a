import { join } from 'node:path';
import { cacheRoot } from '../infra/paths';

/**
 * Node's on-disk compile cache (`NODE_COMPILE_CACHE`, Node 22.1+) for every Node process the launcher starts: a
 * boot then reuses the compiled code of the last one instead of compiling every module again (measured on a
 * booking service's modules: 0.36 s of CPU per boot without, 0.27 s with). Node keys each entry by the file and
 * its content, so a changed build is compiled afresh; the cache lives with the other installs, shared by every
 * clone on the machine. A `NODE_COMPILE_CACHE` already set wins.
 */
export function compileCacheEnv(env: NodeJS.ProcessEnv): { NODE_COMPILE_CACHE: string } {
  return { NODE_COMPILE_CACHE: env.NODE_COMPILE_CACHE || join(cacheRoot(env), 'node-compile-cache') };
}

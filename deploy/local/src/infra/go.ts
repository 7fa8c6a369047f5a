import { which } from './which';

/** go on PATH, else where the Go distribution installs it. */
export function goBinary(env: NodeJS.ProcessEnv): string {
  return which('go', env) ?? '/usr/local/go/bin/go';
}

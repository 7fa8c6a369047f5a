import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The absolute path of an executable on PATH, like `command -v`, without spawning a shell. */
export function which(command: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory; keep looking.
    }
  }
  return undefined;
}

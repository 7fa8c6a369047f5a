import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { stateRoot } from '@travel/local-deploy';

const run = promisify(execFile);

interface ProcessSpec {
  name: string;
  entry: string;
  env: Record<string, string>;
}

/** One process of the e2e stack as the launcher started it (its environment names its database, keys, group). */
function processSpecOf(name: string): ProcessSpec {
  const specs = JSON.parse(
    readFileSync(join(stateRoot(process.env), 'run', 'e2e-stack.json'), 'utf8'),
  ) as ProcessSpec[];
  const spec = specs.find((s) => s.name === name);
  if (!spec) throw new Error(`the e2e stack has no ${name} process`);
  return spec;
}

/** A documented command of a service (`dist/commands/<command>.js` beside its main.js) run with that service's environment; its stdout. */
export async function serviceCommand(service: string, command: string, ...args: string[]): Promise<string> {
  const spec = processSpecOf(service);
  const entry = join(spec.entry, '../commands', `${command}.js`);
  const { stdout } = await run(process.execPath, [entry, ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...spec.env },
  });
  return stdout;
}

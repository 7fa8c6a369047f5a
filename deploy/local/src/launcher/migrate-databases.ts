import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { InfraLog } from '../infra/types';
import { compileCacheEnv } from './compile-cache';
import type { ProcessSpec } from './process-specs';

/** What a service's `commands/migrate.js` prints (`IndexMigrationReport` of @travel/mongo), as far as the log says. */
interface MigrationOutput {
  collectionsCreated: string[];
  created: string[];
  changed: string[];
  dropped: string[];
  leftAlone: string[];
}

/**
 * Runs every service's index migration (`dist/commands/migrate.js` beside its main.js, with the environment of its
 * first replica) before any process starts, as the chart's hook Job does before the Deployments roll: no process
 * makes or drops indexes itself (docs/decisions/data.md). The services migrate at once; one failure fails the launch.
 */
export async function migrateDatabases(specs: ProcessSpec[], log: InfraLog): Promise<void> {
  const firsts = specs.filter((spec) => spec.replica === 1 && existsSync(migrationOf(spec)));
  const started = Date.now();
  const outputs = await Promise.all(firsts.map((spec) => migrate(spec)));
  const changes = outputs.map(
    (out, i) =>
      `${firsts[i]?.name} ${out.created.length}+ ${out.changed.length}~ ${out.dropped.length}-` +
      (out.leftAlone.length > 0 ? ` (left alone: ${out.leftAlone.join(', ')})` : ''),
  );
  log(
    `[launch] index migrations in ${((Date.now() - started) / 1000).toFixed(1)}s (created+ changed~ dropped-): ${changes.join('; ')}`,
  );
}

const migrationOf = (spec: ProcessSpec) => join(dirname(spec.entry), 'commands', 'migrate.js');

async function migrate(spec: ProcessSpec): Promise<MigrationOutput> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [migrationOf(spec)], {
      env: { ...process.env, ...compileCacheEnv(process.env), LOG_LEVEL: 'warn', ...spec.env },
    });
    return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as MigrationOutput;
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new Error(`${spec.name}: the index migration failed: ${stderr || message}`);
  }
}

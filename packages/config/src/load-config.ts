import { z } from 'zod';
import { connectionProblems } from './connection-rules';
import { sealingProblems } from './sealing-settings';

/** Thrown at start when the environment does not satisfy a process's schema; lists every problem. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * Parses the environment once against a process's schema. Keys of the schema are the variable names,
 * so the message names exactly what to fix.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) {
    const settings = result.data as Record<string, unknown>;
    const problems = [...connectionProblems(settings), ...sealingProblems(settings)];
    if (problems.length > 0) throw new ConfigError(problems);
    return result.data;
  }
  const problems = result.error.issues.map(
    (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
  );
  throw new ConfigError(problems);
}

/** `loadConfig` of one or more field groups alone (e.g. `kafkaFields`): what a process with them would read. */
export function loadFields<F extends z.ZodRawShape>(fields: F, env: Record<string, string | undefined>) {
  return loadConfig(z.object(fields), env);
}

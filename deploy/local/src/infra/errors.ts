import { displayPath } from './paths';

/** A failure whose message is the single line we print: component, phase and step. */
export class InfraError extends Error {
  constructor(
    readonly component: string,
    detail: string,
  ) {
    super(`[infra] ${component}: ${detail}`);
    this.name = 'InfraError';
  }
}

/** The first line of any thrown value, so nested driver errors never spill over several lines. */
export function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const line = text.split('\n').find((l) => l.trim().length > 0) ?? 'unknown error';
  return line.trim();
}

export function stepFailed(
  component: string,
  phase: string,
  step: string,
  logPath: string,
  cause?: unknown,
): InfraError {
  const reason = cause === undefined ? '' : `${errorText(cause)}; `;
  return new InfraError(component, `${phase} failed at "${step}" (${reason}see ${displayPath(logPath)})`);
}

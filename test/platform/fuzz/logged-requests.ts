import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stateRoot } from '@travel/local-deploy';

/** The request ids (`req_…`) a schemathesis report quotes in its failing responses. */
export function requestIdsIn(report: string): string[] {
  return [...new Set(report.match(/req_[0-9a-f]{32}/g) ?? [])];
}

/**
 * Every line the e2e stack's processes logged for these requests (the gateway's access line and error with its
 * cause, a service's warning), so a finding in a run whose stack is gone (CI) explains itself.
 */
export function stackLinesOf(requestIds: readonly string[], maxLines = 40): string[] {
  if (requestIds.length === 0) return [];
  const dir = join(stateRoot(process.env), 'logs');
  const files = readdirSync(dir).filter((name) => name.startsWith('e2e-') && name.endsWith('.log'));
  const lines = files.flatMap((name) =>
    readFileSync(join(dir, name), 'utf8')
      .split('\n')
      .filter((line) => requestIds.some((id) => line.includes(id)))
      .map((line) => `${name}: ${line.slice(0, 3000)}`),
  );
  return lines.slice(0, maxLines);
}

import { randomBytes } from 'node:crypto';

/** A name no other test (or earlier run) uses: tests own their data. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

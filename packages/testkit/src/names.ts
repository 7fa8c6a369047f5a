import { randomBytes } from 'node:crypto';
import { claimedNames } from './claimed-names';

/**
 * A name no other test (or earlier run) uses: tests own their data. The name is claimed for the test file that
 * asked: once the file ends, the component tier drops every database, topic and consumer group whose name
 * begins with it (test-resources.ts), so a database or namespace named with it needs no cleanup of its own.
 */
export function uniqueName(prefix: string): string {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  claimedNames().add(name);
  return name;
}

// `<prefix>_<milliseconds, base 36>_<8 hex>`, also where a resource's name goes on (`ct_bk_…_….booking.events`).
const SHAPE = /.(_([0-9a-z]{8,9})_[0-9a-f]{8})(?=$|[._-])/g;
const PLAUSIBLE = { from: Date.UTC(2024, 0), to: Date.UTC(2100, 0) };

/** When uniqueName made the name a resource's name is made of; undefined for a name it did not make. */
export function claimedAt(resource: string): number | undefined {
  for (const match of resource.matchAll(SHAPE)) {
    const at = Number.parseInt(match[2] ?? '', 36);
    if (at >= PLAUSIBLE.from && at < PLAUSIBLE.to) return at;
  }
  return undefined;
}

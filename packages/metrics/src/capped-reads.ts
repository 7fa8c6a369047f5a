import type { Logger } from '@travel/logger';
import { counter } from './registry';

const capped = counter(
  'capped_reads_total',
  'Reads of a whole set inside a service (no client pages them) that reached their hard cap, by read.',
  ['read'],
);

/**
 * Says that a bounded whole read found more rows than its cap: one warning line and `capped_reads_total`.
 * `read` is one of a fixed set of names (`pricing.rules_cache`, ...), never an id: it is a label.
 */
export function noteCappedRead(logger: Logger, read: string, cap: number, details: object = {}): void {
  capped.inc({ read });
  logger.warn({ read, cap, ...details }, `${read}: more than ${cap} rows; the read stopped at its cap`);
}

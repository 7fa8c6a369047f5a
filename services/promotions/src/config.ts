import {
  auditFields,
  kafkaFields,
  loadConfig,
  mongoFields,
  positiveInt,
  refusedInProduction,
  serviceFields,
} from '@travel/config';
import { z } from 'zod';

const schema = z
  .object({
    ...serviceFields({ grpcPort: 50057 }),
    ...mongoFields({ database: 'travel_promotions' }),
    ...kafkaFields,
    /** The relay of its staff changes' audit entries to `audit.entries` (docs/decisions/audit.md). */
    ...auditFields,
    /** A voucher redemption a booking has not confirmed within this time is given back (a crashed booking). */
    RESERVATION_TTL_MS: positiveInt(15 * 60_000),
    /** The sweeper of expired reservations runs this often. */
    SWEEP_EVERY_MS: positiveInt(30_000),
  })
  .refine(...refusedInProduction('AUDIT_CRASH_AT', 'is a test hook'));

export type PromotionsConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): PromotionsConfig {
  return loadConfig(schema, env);
}

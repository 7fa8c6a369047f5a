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
    ...serviceFields({ grpcPort: 50060 }),
    ...mongoFields({ database: 'travel_reports' }),
    ...kafkaFields,
    /** Operators' replays and discards of parked events go to identity's log (`audit.entries`). */
    ...auditFields,
    /**
     * The consumer group that fills the read models. A new group reads the topics from the beginning, so a
     * new group into an empty database is a rebuild beside the running one (docs/decisions/reports.md "Reports").
     */
    REPORTS_CONSUMER_GROUP: z
      .string()
      .regex(/^[a-z0-9._-]+$/)
      .default('reports'),
    /** Booking, whose `ListBookingHistory` the rebuild pages through (docs/decisions/reports.md "Reports rebuilt from their sources"). */
    BOOKING_ADDRESS: z.string().min(1).default('127.0.0.1:50054'),
    BOOKING_DEADLINE_MS: positiveInt(30_000),
    /**
     * Retention (docs/retention.md): a storefront search counts in reports this long after it was made (longer
     * than the longest report period, 366 days).
     */
    REPORTS_SEARCH_FACTS_DAYS: positiveInt(400),
  })
  .refine(...refusedInProduction('AUDIT_CRASH_AT', 'is a test hook'));

export type ReportsConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): ReportsConfig {
  return loadConfig(schema, env);
}

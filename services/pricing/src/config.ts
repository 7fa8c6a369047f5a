import {
  auditFields,
  kafkaFields,
  loadConfig,
  mongoFields,
  positiveInt,
  refusedInProduction,
  serviceFields,
} from '@travel/config';
import { MAX_BPS } from '@travel/prices';
import { z } from 'zod';

const schema = z
  .object({
    ...serviceFields({ grpcPort: 50053 }),
    ...mongoFields({ database: 'travel_pricing' }),
    ...kafkaFields,
    /** The relay of its rule changes' audit entries to `audit.entries` (docs/decisions/audit.md). */
    ...auditFields,
    /** The platform default margin (bps) while no platform margin rule is stored (docs/decisions/search-and-pricing.md, "Defaults": 500). */
    DEFAULT_MARGIN_BPS: z.coerce.number().int().min(0).max(MAX_BPS).default(500),
    /**
     * Safety net of the in-memory rules: reloaded at least this often, in case a `pricing.changes` broadcast
     * was lost (Kafka down during a change). Broadcasts drop the rules at once.
     */
    RULE_CACHE_TTL_MS: positiveInt(60_000),
    /**
     * How long a rule change waits for its own broadcast to come back before answering anyway (with a warning):
     * the broadcast reaches every replica before the change is answered.
     */
    RULE_BROADCAST_WAIT_MS: positiveInt(2000),
    /**
     * After its own echo, how long a change still waits before answering: a replica whose long poll had just
     * ended hears the broadcast on its next fetch (sent at once), within this time.
     */
    RULE_BROADCAST_SETTLE_MS: z.coerce.number().int().min(0).max(5000).default(250),
  })
  .refine(...refusedInProduction('AUDIT_CRASH_AT', 'is a test hook'));

export type PricingConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): PricingConfig {
  return loadConfig(schema, env);
}

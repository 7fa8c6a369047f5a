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
    ...serviceFields({ grpcPort: 50062 }),
    ...mongoFields({ database: 'travel_supply' }),
    /** Kafka carries its changes' audit entries to identity (`audit.entries`, docs/decisions/audit.md). */
    ...kafkaFields,
    ...auditFields,
    /** Insurance premiums are priced through pricing's Quote (service `insurance`). */
    PRICING_ADDRESS: z.string().min(1).default('127.0.0.1:50053'),
    PRICING_DEADLINE_MS: positiveInt(3000),
  })
  .refine(...refusedInProduction('AUDIT_CRASH_AT', 'is a test hook'));

export type SupplyConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): SupplyConfig {
  return loadConfig(schema, env);
}

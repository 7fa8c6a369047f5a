import {
  auditFields,
  kafkaFields,
  loadConfig,
  mongoFields,
  refusedInProduction,
  serviceFields,
} from '@travel/config';
import { z } from 'zod';

const schema = z
  .object({
    ...serviceFields({ grpcPort: 50059 }),
    ...mongoFields({ database: 'travel_content' }),
    /** Kafka carries its changes' audit entries to identity (`audit.entries`, docs/decisions/audit.md). */
    ...kafkaFields,
    ...auditFields,
  })
  .refine(...refusedInProduction('AUDIT_CRASH_AT', 'is a test hook'));

export type ContentConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): ContentConfig {
  return loadConfig(schema, env);
}

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
    ...serviceFields({ grpcPort: 50058 }),
    ...mongoFields({ database: 'travel_corporate' }),
    /** Kafka carries its changes' audit entries to identity (`audit.entries`, docs/decisions/audit.md). */
    ...kafkaFields,
    ...auditFields,
    /** Identity: the tenant a platform administrator names must exist. */
    IDENTITY_ADDRESS: z.string().min(1).default('127.0.0.1:50051'),
    IDENTITY_DEADLINE_MS: positiveInt(3000),
    /** Supply: a contract's supplier must exist, be active and supply the contract's service. */
    SUPPLY_ADDRESS: z.string().min(1).default('127.0.0.1:50062'),
    SUPPLY_DEADLINE_MS: positiveInt(3000),
  })
  .refine(...refusedInProduction('AUDIT_CRASH_AT', 'is a test hook'));

export type CorporateConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): CorporateConfig {
  return loadConfig(schema, env);
}

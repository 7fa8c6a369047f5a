import { kafkaFields, loadConfig, mongoFields, positiveInt, serviceFields } from '@travel/config';
import { z } from 'zod';

const schema = z.object({
  ...serviceFields({ grpcPort: 50051 }),
  ...mongoFields({ database: 'travel_identity' }),
  ...kafkaFields,
  /** Platform default rate limit applied to keys without their own, until an administrator changes it. */
  DEFAULT_RATE_LIMIT: positiveInt(100),
  DEFAULT_RATE_WINDOW_SECONDS: positiveInt(10),
});

export type IdentityConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): IdentityConfig {
  return loadConfig(schema, env);
}

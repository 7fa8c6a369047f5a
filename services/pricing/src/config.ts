import { loadConfig, mongoFields, serviceFields } from '@travel/config';
import { z } from 'zod';

const schema = z.object({
  ...serviceFields({ grpcPort: 50053 }),
  ...mongoFields({ database: 'travel_pricing' }),
});

export type PricingConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): PricingConfig {
  return loadConfig(schema, env);
}

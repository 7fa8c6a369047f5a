import { loadConfig, mongoFields, serviceFields } from '@travel/config';
import { z } from 'zod';
import { MAX_BPS } from './domain/price';

const schema = z.object({
  ...serviceFields({ grpcPort: 50053 }),
  ...mongoFields({ database: 'travel_pricing' }),
  /** The platform default margin (bps) while no platform margin rule is stored (decisions.md: 500). */
  DEFAULT_MARGIN_BPS: z.coerce.number().int().min(0).max(MAX_BPS).default(500),
});

export type PricingConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): PricingConfig {
  return loadConfig(schema, env);
}

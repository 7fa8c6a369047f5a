import { kafkaFields, loadConfig, mongoFields, serviceFields } from '@travel/config';
import { z } from 'zod';

const schema = z.object({
  ...serviceFields({ grpcPort: 50055 }),
  ...mongoFields({ database: 'travel_billing' }),
  ...kafkaFields,
});

export type BillingConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): BillingConfig {
  return loadConfig(schema, env);
}

import { kafkaFields, loadConfig, mongoFields, serviceFields } from '@travel/config';
import { z } from 'zod';

const schema = z.object({
  ...serviceFields({ grpcPort: 50054 }),
  ...mongoFields({ database: 'travel_booking' }),
  ...kafkaFields,
});

export type BookingConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): BookingConfig {
  return loadConfig(schema, env);
}

import { loadConfig, mongoFields, serviceFields } from '@travel/config';
import { z } from 'zod';

const schema = z.object({
  ...serviceFields({ grpcPort: 50059 }),
  ...mongoFields({ database: 'travel_content' }),
});

export type ContentConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): ContentConfig {
  return loadConfig(schema, env);
}

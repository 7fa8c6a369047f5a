import { loadConfig, serviceFields } from '@travel/config';
import { z } from 'zod';

const schema = z.object({
  ...serviceFields({ grpcPort: 50052 }),
});

export type SearchConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): SearchConfig {
  return loadConfig(schema, env);
}

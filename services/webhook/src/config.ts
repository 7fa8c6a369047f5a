import { loadConfig, mongoFields, serviceFields } from '@travel/config';
import { z } from 'zod';

const schema = z.object({
  ...serviceFields({ grpcPort: 50056 }),
  ...mongoFields({ database: 'travel_webhook' }),
});

export type WebhookConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): WebhookConfig {
  return loadConfig(schema, env);
}

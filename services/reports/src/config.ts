import { kafkaFields, loadConfig, mongoFields, serviceFields } from '@travel/config';
import { z } from 'zod';

const schema = z.object({
  ...serviceFields({ grpcPort: 50060 }),
  ...mongoFields({ database: 'travel_reports' }),
  ...kafkaFields,
  /**
   * The consumer group that fills the read models. A new group reads the topics from the beginning, so a
   * new group into an empty database is a rebuild beside the running one (docs/decisions.md "Reports").
   */
  REPORTS_CONSUMER_GROUP: z
    .string()
    .regex(/^[a-z0-9._-]+$/)
    .default('reports'),
});

export type ReportsConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): ReportsConfig {
  return loadConfig(schema, env);
}

import { join } from 'node:path';
import { loadConfig, logLevel, metricsFields, nodeEnv, port, tracingFields } from '@travel/config';
import { z } from 'zod';

const schema = z.object({
  NODE_ENV: nodeEnv(),
  LOG_LEVEL: logLevel(),
  /** Where the console's web server listens: only the gateway reaches it (`/console` on the gateway's origin). */
  HTTP_HOST: z.string().default('127.0.0.1'),
  HTTP_PORT: port(8090),
  /** The built web application (`vite build`): `dist/web` beside this file's compiled form. */
  WEB_ROOT: z.string().min(1).default(join(__dirname, 'web')),
  ...metricsFields({ metricsPort: 9463 }),
  ...tracingFields,
});

export type ConsoleConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): ConsoleConfig {
  return loadConfig(schema, env);
}

import { z } from 'zod';

// Reusable field parsers for environment variables (which are always strings).

export const port = (defaultPort: number) => z.coerce.number().int().min(0).max(65535).default(defaultPort);

export const positiveInt = (defaultValue: number) => z.coerce.number().int().positive().default(defaultValue);

export const csv = (defaultValue: string) =>
  z
    .string()
    .default(defaultValue)
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    );

export const logLevel = () =>
  z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');

export const nodeEnv = () => z.enum(['development', 'test', 'production']).default('development');

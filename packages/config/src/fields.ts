import { readFileSync } from 'node:fs';
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

/** `true` or `false` (the default unless given). */
export const flag = (defaultValue: 'true' | 'false' = 'false') =>
  z
    .enum(['true', 'false'])
    .default(defaultValue)
    .transform((value) => value === 'true');

/**
 * A PEM file (CA, certificate, key) given by path, read once at start: the setting's value is the file's text,
 * or undefined when no path is given. A path that cannot be read, or holds no PEM block, is a config error
 * naming the setting; a Secret's file changed later is read at the next start.
 */
export const pemFile = () =>
  z
    .string()
    .default('')
    .transform((path, ctx): string | undefined => {
      if (path === '') return undefined;
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        const code = (error as { code?: string }).code ?? 'unreadable';
        ctx.addIssue({ code: 'custom', message: `cannot read ${path} (${code})` });
        return z.NEVER;
      }
      if (!text.includes('-----BEGIN ')) {
        ctx.addIssue({ code: 'custom', message: `${path} holds no PEM block (-----BEGIN …)` });
        return z.NEVER;
      }
      return text;
    });

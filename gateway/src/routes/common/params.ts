import type { Request } from 'express';
import { z } from 'zod';

export function stringParam(req: Request, name: string): string {
  return String(req.params[name] ?? '');
}

/** `YYYY-MM-DD` that is a real calendar day. */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'is not a calendar day',
  );

/**
 * Text a person types: trimmed, then 1 to `max` characters. The document says it must hold a character that is
 * not a space (`pattern: \S`): a blank one is refused, and a client reading the document (or the fuzzer) knows
 * it before sending it.
 */
export const nonBlank = (max: number) =>
  z.string().trim().min(1, 'must not be blank').max(max).meta({ pattern: '\\S' });

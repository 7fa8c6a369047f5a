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

import { AppError } from '@travel/errors';
import type { Request } from 'express';
import { z } from 'zod';

/** An integer id from the path (API clients); anything else names no resource. */
export function integerParam(req: Request, name: string): number {
  const value = String(req.params[name] ?? '');
  if (!/^\d{1,9}$/.test(value)) throw new AppError('not_found', `No resource with id ${value}.`);
  return Number(value);
}

export function stringParam(req: Request, name: string): string {
  return String(req.params[name] ?? '');
}

export const rateLimitSchema = z.strictObject({
  limit: z.number().int().min(1).max(100_000),
  windowSeconds: z.number().int().min(1).max(86_400),
});

export const graceSchema = z.strictObject({
  graceSeconds: z.number().int().min(0).max(604_800).default(0),
});

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

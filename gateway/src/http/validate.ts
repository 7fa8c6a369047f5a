import { badRequest } from '@travel/errors';
import type { z } from 'zod';

/** Parses input with a zod schema; every failing field becomes one `{ path, message }` of a 400. */
export function validate<S extends z.ZodType>(schema: S, input: unknown, where = 'body'): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw badRequest(
    result.error.issues.map((issue) => ({
      path: issue.path.length > 0 ? issue.path.join('.') : where,
      message: issue.message,
    })),
  );
}

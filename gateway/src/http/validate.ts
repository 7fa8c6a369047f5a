import { badRequest, type FieldProblem } from '@travel/errors';
import type { z } from 'zod';

/** The outcome of checking input against a zod schema: the parsed value, or one problem per failing field. */
export type Checked<T> = { ok: true; data: T } | { ok: false; problems: FieldProblem[] };

/**
 * Parses input with a zod schema; every failing field becomes one `{ path, message }`. No input at all (an
 * optional body left out) reads as `{}`; a JSON `null` is a value like any other, and an object schema
 * refuses it.
 */
export function check<S extends z.ZodType>(schema: S, input: unknown, where = 'body'): Checked<z.output<S>> {
  const result = schema.safeParse(input === undefined ? {} : input);
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => ({
      path: issue.path.length > 0 ? issue.path.join('.') : where,
      message: issue.message,
    })),
  };
}

/** Like `check`, but a failure is thrown as a 400 listing every failing field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown, where = 'body'): z.output<S> {
  const checked = check(schema, input, where);
  if (checked.ok) return checked.data;
  throw badRequest(checked.problems);
}

import { badRequest, type FieldProblem } from '@travel/errors';
import type { z } from 'zod';
import { check } from './validate';

/**
 * Like `validate`, with rules between fields judged on the body as sent, so their problems are listed with
 * every field's own, whatever else failed (a zod refinement of the object is skipped after a wrong type).
 */
export function validateAcross<S extends z.ZodType>(
  schema: S,
  input: unknown,
  rules: ((body: unknown) => FieldProblem[])[],
): z.output<S> {
  const checked = check(schema, input);
  const across = rules.flatMap((rule) => rule(input));
  if (checked.ok && across.length === 0) return checked.data;
  throw badRequest([...(checked.ok ? [] : checked.problems), ...across]);
}

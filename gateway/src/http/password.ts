import { z } from 'zod';

/** The words of the rule, as identity says them (its answer and ours read the same). */
const PASSWORD_RULE = 'At least 8 characters, with a letter and a number.';

/**
 * A password as the documents state it (8 to 200 characters, `x-rule`: at least one letter and one digit),
 * checked here beside every other field of the body; identity checks the rule again before it hashes one.
 */
export function password(description: string) {
  return z
    .string()
    .min(8, { error: PASSWORD_RULE, abort: true })
    .max(200, { abort: true })
    .refine((value) => /[A-Za-z]/.test(value) && /[0-9]/.test(value), { error: PASSWORD_RULE })
    .meta({ description, 'x-rule': 'at least one letter and one digit' });
}

import type { FieldProblem } from '@travel/errors';
import type { SpendingLimits } from './api-key';

/** Whole rupees; a crore of crores would be a typo, not a limit. */
const LIMIT_RANGE = { min: 1, max: 1_000_000_000 };

/** Every problem with a key's spending limits, with paths as the console's JSON body names them. */
export function spendingLimitsProblems(limits: SpendingLimits): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of ['dailyLimit', 'perBookingLimit'] as const) {
    const value = limits[field];
    if (value === null) continue;
    if (!Number.isInteger(value) || value < LIMIT_RANGE.min || value > LIMIT_RANGE.max) {
      problems.push({
        path: field,
        message: `Must be null or an integer from ${LIMIT_RANGE.min} to ${LIMIT_RANGE.max} (INR).`,
      });
    }
  }
  const { dailyLimit, perBookingLimit } = limits;
  if (
    problems.length === 0 &&
    dailyLimit !== null &&
    perBookingLimit !== null &&
    perBookingLimit > dailyLimit
  ) {
    problems.push({ path: 'perBookingLimit', message: 'Must not be more than dailyLimit.' });
  }
  return problems;
}

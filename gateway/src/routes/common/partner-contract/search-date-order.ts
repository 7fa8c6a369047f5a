import type { z } from 'zod';
import { isoDay } from '../params';

// The order of a search's two dates, a rule of two fields the request alone decides: checked in the gateway
// beside every other field (docs/decisions/http-api.md "Errors and HTTP conventions"), with the search service's
// paths and words; the service checks it again.

/** Run the rule even when another field failed (zod skips a refinement after a failed field by default). */
export const evenAfterOtherFailures = { when: () => true };

const realDay = (value: unknown): value is string => isoDay.safeParse(value).success;

/**
 * The day in `later` must come after the day in `earlier` (or on it, with `sameDay`); judged only when both are
 * real days, so a malformed date is named once, for its own form.
 */
export function datesInOrder(earlier: string, later: string, options: { sameDay: boolean; message: string }) {
  return (body: unknown, context: z.RefinementCtx) => {
    if (typeof body !== 'object' || body === null) return;
    const [first, second] = [
      (body as Record<string, unknown>)[earlier],
      (body as Record<string, unknown>)[later],
    ];
    if (!realDay(first) || !realDay(second)) return;
    if (options.sameDay ? second < first : second <= first)
      context.addIssue({ code: 'custom', path: [later], message: options.message });
  };
}

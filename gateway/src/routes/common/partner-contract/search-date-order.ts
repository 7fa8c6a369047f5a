import type { FieldProblem } from '@travel/errors';
import { isoDay } from '../params';

// The order of a search's two dates, a rule of two fields the request alone decides: checked in the gateway
// beside every other field (docs/decisions/http-api.md "Errors and HTTP conventions"), with the search service's
// paths and words; the service checks it again. It is judged on the body as sent, apart from the zod schema,
// because zod skips an object's refinement once any field has the wrong type, even with `when`.

/** A rule between fields of a body: the problems it finds, none when it cannot judge. */
export type AcrossFields = (body: unknown) => FieldProblem[];

const realDay = (value: unknown): value is string => isoDay.safeParse(value).success;

/**
 * The day in `later` must come after the day in `earlier` (or on it, with `sameDay`); judged only when both are
 * real days, so a malformed date is named once, for its own form.
 */
function datesInOrder(
  earlier: string,
  later: string,
  options: { sameDay: boolean; message: string },
): AcrossFields {
  return (body) => {
    if (typeof body !== 'object' || body === null) return [];
    const { [earlier]: first, [later]: second } = body as Record<string, unknown>;
    if (!realDay(first) || !realDay(second)) return [];
    const inOrder = options.sameDay ? second >= first : second > first;
    return inOrder ? [] : [{ path: later, message: options.message }];
  };
}

/** Each search's date order, as the search service words it. */
export const searchDateOrder = {
  flights: datesInOrder('departDate', 'returnDate', {
    sameDay: true,
    message: 'must not be before departDate',
  }),
  hotels: datesInOrder('checkIn', 'checkOut', { sameDay: false, message: 'must be after checkIn' }),
  cars: datesInOrder('from', 'until', { sameDay: true, message: 'must not be before from' }),
};

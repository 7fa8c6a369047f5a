import { isoDay } from './params';

// Day rules a request decides with the clock alone, checked in the gateway beside every other field so that one
// answer lists them all (docs/decisions/http-api.md "Errors and HTTP conventions"); the services that own the
// dates check them again. Days are the platform's UTC calendar, as the services count them.

/** Today in UTC, `YYYY-MM-DD` (compares with another such day as a string). */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A real day that is today or later. */
export const dayFromToday = (message: string) => isoDay.refine((day) => day >= todayUtc(), message);

/** A real day from 1900-01-01 to today: a date of birth. */
export const pastDayAfter1900 = isoDay.refine(
  (day) => day >= '1900-01-01' && day <= todayUtc(),
  'Must be a past date after 1900.',
);

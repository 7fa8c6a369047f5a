import { z } from 'zod';

/**
 * The setting of a test-only crash hook (`BOOKING_CRASH_AT`, `BILLING_CRASH_AT`): one of the service's crash
 * points, or unset. `crashHook` of `@travel/lifecycle` turns it into the hook; pair it with
 * `refusedInProduction`.
 */
export const crashPoint = <const P extends readonly [string, ...string[]]>(points: P) =>
  z.enum(points).optional();

/**
 * A refinement that refuses a test-only setting when NODE_ENV=production, naming it:
 * `schema.refine(...refusedInProduction('BOOKING_CRASH_AT', 'is a test hook'))`.
 */
export function refusedInProduction(
  name: string,
  what: string,
): [
  (config: { NODE_ENV: string } & Record<string, unknown>) => boolean,
  { message: string; path: string[] },
] {
  return [
    (config) => !(config.NODE_ENV === 'production' && config[name] !== undefined),
    { message: `${name} ${what} and is refused when NODE_ENV=production.`, path: [name] },
  ];
}

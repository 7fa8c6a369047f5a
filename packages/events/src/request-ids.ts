import { randomUUID } from 'node:crypto';

// The request ids the gateway makes carry the time they were made, as a UUIDv7 or a ULID does: `req_`, 12 hex
// digits of milliseconds since 1970, then 20 random hex digits (80 bits; 36 characters in all, as before). The
// request log finds a call by the time in its id instead of keeping an index entry per call (docs/access.md,
// "Request log"); a caller's own X-Request-Id carries no time and is indexed.

const TIMED_REQUEST_ID = /^req_([0-9a-f]{12})[0-9a-f]{20}$/;

/**
 * How long before its answer a call's timed id may have been made and still be found by its time: longer than
 * any route's budget (at most 15 s). A call answered later than this is indexed by its id like a caller's own.
 */
export const TIMED_REQUEST_ID_WINDOW_MS = 30_000;

/** A new request id: `req_<12 hex ms><20 hex random>`. */
export function newRequestId(now = Date.now()): string {
  // randomUUID draws from a cached entropy pool (cheaper per request than randomBytes); its 13th hex digit is
  // the version (4), so the random part is taken after it.
  return `req_${now.toString(16).padStart(12, '0')}${randomUUID().replaceAll('-', '').slice(12)}`;
}

/** The time a request id names (ms since 1970), or undefined for an id of another form (a caller's own). */
export function timeOfRequestId(id: string): number | undefined {
  const match = TIMED_REQUEST_ID.exec(id);
  return match ? Number.parseInt(match[1] as string, 16) : undefined;
}

/**
 * Whether a call answered at `answeredAt` is found by the time in its id: the id names a time within the window
 * before the answer (a second of clock skew allowed after it). Anything else is found through an index.
 */
export function isFoundByTime(id: string, answeredAt: number): boolean {
  const made = timeOfRequestId(id);
  return made !== undefined && made <= answeredAt + 1000 && answeredAt - made <= TIMED_REQUEST_ID_WINDOW_MS;
}

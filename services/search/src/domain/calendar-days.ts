const DAY_MS = 86_400_000;
const DAY_FORMAT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 (UTC) of a real calendar day `YYYY-MM-DD`; undefined for 2027-02-30 or `5/3/27`. */
export function parseDay(text: string): number | undefined {
  const match = DAY_FORMAT.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  // Date.UTC rolls 02-30 over into March; a real day survives the round trip unchanged.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return time / DAY_MS;
}

/** Today's day number in UTC: searches compare dates with the platform's UTC calendar. */
export function todayOf(now: Date): number {
  return Math.floor(now.getTime() / DAY_MS);
}

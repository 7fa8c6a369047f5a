/** A report without dates covers the 30 days up to today (UTC). */
const DEFAULT_DAYS = 30;

/** The period asked, `to` defaulting to today and `from` to the 30 days before it. */
export function periodOf(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from =
    query.from ??
    new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** The day `days` from today in UTC, `YYYY-MM-DD`: search refuses past days, so tests search ahead. */
export function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The API's `2026-11-30 04:51:02` (UTC, no zone written), which a browser would read as its own zone's time. */
const UTC_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A time of the API as a `Date`: an ISO time as it is, one without a zone as UTC. */
export function timeOf(iso: string): Date {
  return new Date(UTC_WITHOUT_ZONE.test(iso) ? `${iso.replace(' ', 'T')}Z` : iso);
}

/** `30 Nov 2026, 04:51:02` in the viewer's zone; the raw ISO time is in the element's `dateTime`. */
export function formatTime(iso: string): string {
  const date = timeOf(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-GB', {
        day: '2-digit',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
}

/** Amounts are whole rupees (the API's `INR` integers). */
export function formatMoney(amount: number, currency = 'INR'): string {
  return `${currency} ${amount.toLocaleString('en-IN')}`;
}

/** The p-th percentile (0..100) of the values, nearest rank; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? 0;
}

export function formatMs(ms: number): string {
  return ms >= 100 ? `${Math.round(ms)} ms` : `${ms.toFixed(1)} ms`;
}

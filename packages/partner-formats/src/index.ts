// How the partner API writes dates and times (gateway/openapi/partner.yaml). The gateway's answers and
// the webhook service's event bodies both use these, so a partner sees one form everywhere.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-12-05` → `05 Dec 2026`: the invoice `dueDate` form. Throws on anything but a `YYYY-MM-DD` day. */
export function displayDay(day: string): string {
  const [year, month, date] = day.split('-');
  const name = MONTHS[Number(month) - 1];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !year || !name || !date)
    throw new Error(`not a YYYY-MM-DD day: ${day}`);
  return `${date} ${name} ${year}`;
}

/** `YYYY-MM-DD HH:MM:SS` in UTC: `createdAt`, `receivedAt`. */
export function displayTimestamp(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

import { z } from 'zod';
import { isoDay } from '../admin/params';

/** A report without dates covers the 30 days up to today (UTC). */
const DEFAULT_DAYS = 30;

const place = z.string().trim().min(1).max(100);

/** `POST /api/search-logs`: what the storefront searched; no personal data is accepted. */
export const searchLogSchema = z.strictObject({
  service: z.enum(['flight', 'hotel', 'car']),
  from: place.optional(),
  to: place.optional(),
  city: place.optional(),
  pickup: place.optional(),
  startDate: isoDay.optional(),
  endDate: isoDay.optional(),
});

export const salesQuery = z.strictObject({
  from: isoDay.optional(),
  to: isoDay.optional(),
  service: z.enum(['flight', 'hotel', 'car']).optional(),
  tenantId: z.string().trim().min(1).max(100).optional(),
});

export const destinationsQuery = salesQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** The period asked, `to` defaulting to today and `from` to the 30 days before it. */
export function periodOf(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from =
    query.from ??
    new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

import type { BookingHistory, BookingHistoryEntry } from '../db/booking-history.repository';

export const HISTORY_PAGE = { default: 200, max: 500 } as const;

export interface BookingHistoryPage {
  entries: BookingHistoryEntry[];
  /** The last booking number of the page; 0 when there is no further page. */
  nextAfter: number;
}

/** One page of every live booking since the platform began, for a read model's rebuild. */
export function createListBookingHistory(deps: { history: BookingHistory }) {
  return async (after: number, pageSize: number): Promise<BookingHistoryPage> => {
    const size = Math.min(Math.max(pageSize || HISTORY_PAGE.default, 1), HISTORY_PAGE.max);
    const entries = await deps.history.liveAfter(Math.max(after, 0), size);
    const last = entries.at(-1)?.booking.number ?? 0;
    return { entries, nextAfter: entries.length === size ? last : 0 };
  };
}

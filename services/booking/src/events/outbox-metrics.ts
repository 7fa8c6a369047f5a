import { gaugeOnScrape } from '@travel/metrics';
import type { OutboxBacklog } from '../db/outbox-backlog';

/** The outbox's backlog as two gauges read on each scrape: how many bookings wait, and for how long. */
export function observeOutboxBacklog(backlog: OutboxBacklog, now: () => Date): void {
  gaugeOnScrape(
    'booking_outbox_pending_bookings',
    'Bookings holding events Kafka has not acknowledged yet (0 while the relay keeps up).',
    backlog.pendingBookings,
  );
  gaugeOnScrape(
    'booking_outbox_oldest_pending_seconds',
    'Age of the oldest event waiting in the outbox, in seconds (0 when none waits).',
    async () => {
      const oldest = await backlog.oldestPendingAt();
      return oldest ? Math.max(0, (now().getTime() - oldest.getTime()) / 1000) : 0;
    },
  );
}

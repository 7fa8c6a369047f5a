import { gaugeOnScrape } from '@travel/metrics';
import type { OutboxBacklog } from '../db/outbox-backlog';

/**
 * How many bookings the outbox holds, read on each scrape. Their age is the relay's own
 * `outbox_oldest_pending_seconds{outbox="booking"}`, as for every outbox.
 */
export function observeOutboxBacklog(backlog: OutboxBacklog): void {
  gaugeOnScrape(
    'booking_outbox_pending_bookings',
    'Bookings holding events Kafka has not acknowledged yet (0 while the relay keeps up).',
    backlog.pendingBookings,
  );
}

import { gaugeOnScrape } from './registry';

/**
 * When the oldest row of an outbox started waiting for the part that drains it (the relay, a sender, a
 * dispatcher): the time it was written, or when its retry fell due; null when nothing waits.
 */
export type OldestWaiting = () => Promise<Date | null>;

/**
 * `outbox_oldest_pending_seconds{outbox}`, the one gauge every outbox reports (Kafka relays, the email
 * sender, the webhook dispatcher): seconds its oldest waiting row has waited, 0 when none. Read on scrape
 * through the outbox's own index of waiting rows; `outbox` is a fixed name, so the label stays bounded.
 */
export function observeOutboxAge(outbox: string, oldestWaiting: OldestWaiting, now: () => number): void {
  gaugeOnScrape(
    'outbox_oldest_pending_seconds',
    'Seconds the oldest row of an outbox has waited to be handed on (published, sent, delivered); 0 when none waits.',
    async () => {
      const since = await oldestWaiting();
      return since ? Math.max(0, (now() - since.getTime()) / 1000) : 0;
    },
    { outbox },
  );
}

import type { Logger } from '@travel/logger';
import type { Consumer } from 'kafkajs';

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 10_000;

/**
 * Keeps a consumer running across broker outages. kafkajs restarts a consumer that crashed on a retriable
 * error, but leaves one that crashed on any other error stopped for good: after a broker restart that can
 * be "Failed to find group coordinator", and the process would go on without hearing its topic. This
 * starts such a consumer again (`run`: connect, subscribe, run), with backoff, until `stopped()` says it
 * is being stopped.
 */
export function restartAfterCrash(
  consumer: Consumer,
  run: () => Promise<void>,
  stopped: () => boolean,
  logger: Logger,
): void {
  let attempt = 0;
  const schedule = (error: unknown) => {
    const delayMs = Math.min(FIRST_DELAY_MS * 2 ** attempt++, MAX_DELAY_MS);
    logger.warn({ err: error, delayMs }, 'kafka consumer stopped on an error; starting it again');
    setTimeout(async () => {
      if (stopped()) return;
      try {
        await consumer.disconnect();
        await run();
        attempt = 0;
      } catch (failed) {
        schedule(failed);
      }
    }, delayMs).unref();
  };
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    if (!payload.restart && !stopped()) schedule(payload.error);
  });
}

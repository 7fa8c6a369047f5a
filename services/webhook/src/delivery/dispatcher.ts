import type { Logger } from '@travel/logger';
import type { DeliveryRepository } from '../db/delivery.repository';
import type { DueAttempt } from '../domain/delivery';

export interface DispatcherDeps {
  deliveries: DeliveryRepository;
  /** `since`: the pass's start, the moment the attempt's endpoint must be known as of. */
  runAttempt(attempt: DueAttempt, since: number): Promise<void>;
  /** Attempts in flight at once; a pass starts no more than the free places. */
  concurrency: number;
  now: () => Date;
  /** Called when an attempt ends and frees a place, so waiting work starts without waiting for the poll. */
  wake(): void;
  logger: Logger;
}

export interface Dispatcher {
  /** One pass: start every due attempt there is room for, without waiting for them. */
  run(): Promise<void>;
  /** Waits for the attempts in flight (shutdown: none is cut in half). */
  drain(): Promise<void>;
}

/**
 * Finds due attempts in the schedule (one indexed scan per pass) and starts them in the background, so a
 * receiver that takes its full 5 seconds holds one place, not the whole pass. An attempt already in flight
 * here is not started twice; across replicas the attempt's lease decides.
 */
export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const inFlight = new Map<string, Promise<void>>();
  return {
    async run() {
      const room = deps.concurrency - inFlight.size;
      if (room <= 0) return;
      const since = performance.now();
      const due = await deps.deliveries.due(deps.now(), room + inFlight.size);
      for (const attempt of due.filter((a) => !inFlight.has(a.deliveryId)).slice(0, room)) {
        const running = deps
          .runAttempt(attempt, since)
          .catch((error: unknown) =>
            deps.logger.error(
              { err: error, deliveryId: attempt.deliveryId },
              'webhook attempt broke; retried later',
            ),
          )
          .finally(() => {
            inFlight.delete(attempt.deliveryId);
            deps.wake();
          });
        inFlight.set(attempt.deliveryId, running);
      }
    },
    async drain() {
      await Promise.all(inFlight.values());
    },
  };
}

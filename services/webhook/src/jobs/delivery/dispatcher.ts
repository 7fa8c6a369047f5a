import type { Logger } from '@travel/logger';
import type { DeliveryRepository } from '../../db/delivery.repository';
import type { ClaimedAttempt } from '../../domain/deliveries/delivery';
import type { AttemptRunner } from './attempt-runner';

export interface DispatcherDeps {
  deliveries: DeliveryRepository;
  /** Claims a pass's due attempts at once, then runs each (`since`: the pass's start, for the endpoint). */
  attempts: AttemptRunner;
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
  /** Places free for attempts now (the concurrency less those in flight). */
  room(): number;
  /**
   * Starts first attempts this replica created already leased (the intake: no pass, no claim), without
   * waiting for them. The caller asked `room()` first; concurrent callers may overshoot it by a few.
   */
  start(attempts: ClaimedAttempt[]): void;
  /** Waits for the attempts in flight (shutdown: none is cut in half). */
  drain(): Promise<void>;
}

/**
 * Finds due attempts in the schedule (one indexed scan per pass), leases them in one write and starts them
 * in the background, so a receiver that takes its full 5 seconds holds one place, not the whole pass. An
 * attempt already in flight here is not started twice; across replicas the attempt's lease decides.
 */
export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const inFlight = new Map<string, Promise<void>>();

  function launch(deliveryId: string, attempt: Promise<ClaimedAttempt | undefined>, since: number) {
    const running = attempt
      .then((claimed) => claimed && deps.attempts.run(claimed, since))
      .catch((error: unknown) =>
        deps.logger.error({ err: error, deliveryId }, 'webhook attempt broke; retried later'),
      )
      .finally(() => {
        inFlight.delete(deliveryId);
        deps.wake();
      });
    inFlight.set(deliveryId, running);
  }

  return {
    async run() {
      const room = deps.concurrency - inFlight.size;
      if (room <= 0) return;
      const since = performance.now();
      const due = await deps.deliveries.due(deps.now(), room + inFlight.size);
      const batch = due.filter((a) => !inFlight.has(a.deliveryId)).slice(0, room);
      if (batch.length === 0) return;
      const claiming = deps.attempts
        .claim(batch)
        .then((claimed) => new Map(claimed.map((attempt) => [attempt.deliveryId, attempt])));
      for (const { deliveryId } of batch)
        launch(
          deliveryId,
          claiming.then((claimed) => claimed.get(deliveryId)),
          since,
        );
    },
    room: () => Math.max(0, deps.concurrency - inFlight.size),
    start(attempts) {
      const since = performance.now();
      for (const attempt of attempts) launch(attempt.deliveryId, Promise.resolve(attempt), since);
    },
    async drain() {
      await Promise.all(inFlight.values());
    },
  };
}

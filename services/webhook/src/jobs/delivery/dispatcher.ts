import type { Logger } from '@travel/logger';
import type { DeliveryRepository } from '../../db/delivery.repository';
import type { ClaimedAttempt, Delivery, DueAttempt } from '../../domain/deliveries/delivery';
import type { AttemptRunner } from './attempt-runner';
import type { CircuitBreakers } from './circuit-breakers';
import { createEndpointSlots, pickFair } from './endpoint-slots';

export interface DispatcherDeps {
  deliveries: DeliveryRepository;
  /** Claims a pass's due attempts at once, then runs each (`since`: the pass's start, for the endpoint). */
  attempts: AttemptRunner;
  /** The endpoints' circuit breakers: tripped ones are left out of the scan; a due probe is sent. */
  breakers: Pick<CircuitBreakers, 'tripped' | 'heldUntil' | 'dueProbes'>;
  /** Attempts in flight at once; a pass starts no more than the free places. */
  concurrency: number;
  /** Attempts in flight at once to one endpoint. */
  endpointConcurrency: number;
  now: () => Date;
  /** Called when an attempt ends and frees a place, so waiting work starts without waiting for the poll. */
  wake(): void;
  logger: Logger;
}

/** Where a new event's deliveries go: started at once here, into the schedule for a pass, or held (with until when). */
export interface FirstAttemptPlan {
  start: Delivery[];
  queue: Delivery[];
  hold: Array<{ until: Date; deliveries: Delivery[] }>;
}

export interface Dispatcher {
  /** One pass: start every due attempt there is room for, without waiting for them. */
  run(): Promise<void>;
  /**
   * Sorts a new event's deliveries (the intake: no pass, no claim) by the free places overall and per endpoint
   * and by the endpoints' breakers, and takes the places of those to `start` at once (concurrent intakes cannot
   * both count one free place). Every plan is followed by `start`, which gives back the places not used.
   */
  plan(deliveries: Delivery[]): FirstAttemptPlan;
  /**
   * Starts, on the places their plan took, the first attempts of a plan's `start` this replica created already
   * leased (without waiting for them); the places of the others (a redelivered event's, or all when the insert
   * failed) are given back.
   */
  start(planned: Delivery[], created: ClaimedAttempt[]): void;
  /** Waits for the attempts in flight (shutdown: none is cut in half). */
  drain(): Promise<void>;
}

/** Scans of one pass at most: each after the first leaves out the endpoints the ones before filled up. */
const MAX_SCANS = 4;
/** A scan reads this many times the free places, so that endpoints filling up rarely cost a second scan. */
const SCAN_AHEAD = 2;

/**
 * Finds due attempts in the schedule (one indexed scan per pass, a few when endpoints fill up), leases them in
 * one write and starts them in the background, so a receiver that takes its full 5 seconds holds one place,
 * not the whole pass. No endpoint gets more than its own places: the scan leaves out the endpoints that are
 * full or whose breaker is tripped, so one endpoint's backlog never takes the places of the others. An attempt
 * already in flight here is not started twice; across replicas the attempt's lease decides.
 */
export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const inFlight = new Map<string, Promise<void>>();
  const slots = createEndpointSlots({ total: deps.concurrency, perEndpoint: deps.endpointConcurrency });

  /** Runs an attempt on a place taken for it (`slots.take`), given back when it ends. */
  function launch(
    { deliveryId, endpointId }: Pick<DueAttempt, 'deliveryId' | 'endpointId'>,
    attempt: Promise<ClaimedAttempt | undefined>,
    since: number,
  ) {
    const running = attempt
      .then((claimed) => claimed && deps.attempts.run(claimed, since))
      .catch((error: unknown) =>
        deps.logger.error({ err: error, deliveryId }, 'webhook attempt broke; retried later'),
      )
      .finally(() => {
        inFlight.delete(deliveryId);
        slots.give(endpointId);
        deps.wake();
      });
    inFlight.set(deliveryId, running);
  }

  function claimAndLaunch(batch: DueAttempt[], since: number) {
    const claiming = deps.attempts
      .claim(batch)
      .then((claimed) => new Map(claimed.map((attempt) => [attempt.deliveryId, attempt])));
    for (const due of batch) {
      slots.take(due.endpointId);
      launch(
        due,
        claiming.then((claimed) => claimed.get(due.deliveryId)),
        since,
      );
    }
  }

  return {
    async run() {
      if (slots.free() === 0) return;
      const since = performance.now();
      for (const probe of await deps.breakers.dueProbes()) {
        slots.take(probe.endpointId);
        launch(probe, Promise.resolve(probe), since);
      }
      const excluded = new Set([...(await deps.breakers.tripped()), ...slots.full()]);
      for (let scan = 0; scan < MAX_SCANS && slots.free() > 0; scan++) {
        const room = slots.free();
        const wanted = room * SCAN_AHEAD;
        const due = await deps.deliveries.due(deps.now(), wanted, [...excluded]);
        // The places as they are now: the intake may have taken some while the scan was out.
        const { picked, filled } = pickFair(
          due.filter((attempt) => !inFlight.has(attempt.deliveryId)),
          slots.free(),
          slots.freeFor,
        );
        if (picked.length > 0) claimAndLaunch(picked, since);
        for (const endpointId of filled) excluded.add(endpointId);
        if (due.length < wanted || filled.length === 0) return;
      }
    },
    plan(deliveries) {
      const held = new Map<number, Delivery[]>();
      const open: Delivery[] = [];
      for (const delivery of deliveries) {
        const until = deps.breakers.heldUntil(delivery.endpointId);
        if (until) held.set(until.getTime(), [...(held.get(until.getTime()) ?? []), delivery]);
        else open.push(delivery);
      }
      const start = pickFair(open, slots.free(), slots.freeFor).picked;
      for (const delivery of start) slots.take(delivery.endpointId);
      return {
        start,
        queue: open.filter((delivery) => !start.includes(delivery)),
        hold: [...held].map(([until, group]) => ({ until: new Date(until), deliveries: group })),
      };
    },
    start(planned, created) {
      const since = performance.now();
      const made = new Set(created.map((attempt) => attempt.deliveryId));
      for (const delivery of planned) if (!made.has(delivery.id)) slots.give(delivery.endpointId);
      for (const attempt of created) launch(attempt, Promise.resolve(attempt), since);
    },
    async drain() {
      await Promise.all(inFlight.values());
    },
  };
}

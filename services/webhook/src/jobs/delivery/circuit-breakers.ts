import type { Logger } from '@travel/logger';
import type { CircuitRepository } from '../../db/circuit.repository';
import type { DeliveryRepository } from '../../db/delivery.repository';
import {
  type Circuit,
  type CircuitPolicy,
  holdFor,
  nextStreak,
  type Streak,
  tripReason,
} from '../../domain/circuits/circuit';
import type { AttemptResult, ClaimedAttempt, DueAttempt } from '../../domain/deliveries/delivery';
import { circuitTransitions } from './circuit-metrics';

export interface CircuitBreakersDeps {
  circuits: CircuitRepository;
  deliveries: Pick<DeliveryRepository, 'firstDueOf' | 'hold' | 'release'>;
  /** Takes the lease on a probe's attempt (the attempt runner's claim). */
  claim(due: DueAttempt[]): Promise<ClaimedAttempt[]>;
  policy: CircuitPolicy;
  /** How long a probe may be out before another replica counts it lost (its attempt's lease). */
  leaseMs: number;
  /** How old this replica's view of the tripped breakers may grow before it is read again. */
  refreshMs: number;
  now: () => Date;
  logger: Logger;
}

export interface CircuitBreakers {
  /** The endpoints whose breaker is open or half-open, as last read (at most `refreshMs` ago). */
  tripped(): Promise<string[]>;
  /** Until when a new delivery to the endpoint is held; undefined while its breaker is closed (as last read). */
  heldUntil(endpointId: string): Date | undefined;
  /**
   * The breakers whose wait is over: each open one sends one probe (its earliest due delivery, claimed here,
   * for the caller to send), or closes when nothing is due; a half-open one whose probe was lost opens again.
   */
  dueProbes(): Promise<ClaimedAttempt[]>;
  /** An attempt ended: counted in its endpoint's streak, it may open the breaker; a probe's closes or reopens it. */
  observe(attempt: ClaimedAttempt, result: AttemptResult): Promise<void>;
  /** The endpoint was found disabled or deleted (or had nothing to probe with): its breaker closes. */
  forget(endpointId: string): Promise<void>;
}

/** More endpoints with a failing streak than this and the streaks start again (memory stays bounded). */
const MAX_STREAKS = 10_000;

/**
 * Each endpoint's circuit breaker (docs/decisions/webhooks.md, "Endpoints isolated from each other"). The
 * streak that trips one is counted per replica, in memory; the breaker itself is shared, in the store
 * (db/circuit.repository.ts), and every move is a conditional write one replica wins. While a breaker is
 * tripped the endpoint's deliveries are held (`dueAt` moved to its probe, no attempt used up), so no replica's
 * scan meets them; the dispatcher also leaves the tripped endpoints out of its scan.
 */
export function createCircuitBreakers(deps: CircuitBreakersDeps): CircuitBreakers {
  const { circuits, deliveries, policy, logger } = deps;
  const moved = circuitTransitions();
  const streaks = new Map<string, Streak>();
  /** The probes this replica is sending, by endpoint. */
  const probing = new Map<string, string>();
  let view = new Map<string, Circuit>();
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;

  async function fresh(): Promise<Map<string, Circuit>> {
    if (performance.now() - readAt < deps.refreshMs) return view;
    reading ??= circuits
      .tripped()
      .then((all) => {
        view = new Map(all.map((circuit) => [circuit.endpointId, circuit]));
        readAt = performance.now();
      })
      .finally(() => {
        reading = undefined;
      });
    await reading;
    return view;
  }

  /** Another replica moved it first: this replica's view is read again at its next look. */
  const stale = () => {
    readAt = Number.NEGATIVE_INFINITY;
  };
  const after = (from: Date, ms: number) => new Date(from.getTime() + ms);

  async function trip(endpointId: string, reason: string): Promise<void> {
    const now = deps.now();
    const circuit: Circuit = {
      endpointId,
      state: 'open',
      openedAt: now,
      probeAt: after(now, holdFor(1, policy)),
      openings: 1,
      reason,
    };
    if (!(await circuits.open(circuit))) return stale();
    view.set(endpointId, circuit);
    moved('open');
    logger.warn({ endpointId, reason, probeAt: circuit.probeAt }, 'webhook endpoint circuit opened');
    await deliveries.hold(endpointId, now, circuit.probeAt);
  }

  async function reopen(circuit: Circuit, probe: string, now: Date): Promise<void> {
    const until = after(now, holdFor(circuit.openings + 1, policy));
    const reopened = await circuits.reopen(circuit.endpointId, probe, until);
    if (!reopened) return stale();
    view.set(circuit.endpointId, reopened);
    moved('open');
    logger.warn(
      { endpointId: circuit.endpointId, probeAt: until },
      'webhook endpoint probe failed; circuit open',
    );
    await deliveries.hold(circuit.endpointId, now, until);
  }

  async function close(endpointId: string, probe: string, now: Date): Promise<void> {
    if (!(await circuits.close(endpointId, probe))) return stale();
    view.delete(endpointId);
    moved('closed');
    logger.info({ endpointId }, 'webhook endpoint probe acknowledged; circuit closed');
    await deliveries.release(endpointId, now);
  }

  async function probe(circuit: Circuit, now: Date): Promise<ClaimedAttempt | undefined> {
    const { endpointId } = circuit;
    const due = await deliveries.firstDueOf(endpointId, now);
    // Nothing to probe with (no traffic, or its endpoint disabled or deleted): it closes, and the next
    // failures in a row open it again.
    if (!due) return void (await closeIdle(circuit));
    const until = after(now, deps.leaseMs);
    if (!(await circuits.startProbe(endpointId, circuit.probeAt, due.deliveryId, until))) return void stale();
    view.set(endpointId, { ...circuit, state: 'half_open', probe: due.deliveryId, probeAt: until });
    moved('half_open');
    const [claimed] = await deps.claim([due]);
    await deliveries.hold(endpointId, now, until);
    // Not claimed (ended meanwhile): the probe is lost, and the breaker opens again once `until` has passed.
    if (claimed) probing.set(endpointId, claimed.deliveryId);
    return claimed;
  }

  async function closeIdle({ endpointId, probeAt }: Circuit): Promise<void> {
    if (!(await circuits.closeIdle(endpointId, probeAt))) return stale();
    view.delete(endpointId);
    moved('closed');
    logger.info({ endpointId }, 'webhook endpoint circuit closed: nothing to probe with');
  }

  async function forget(endpointId: string): Promise<void> {
    probing.delete(endpointId);
    streaks.delete(endpointId);
    if (!view.delete(endpointId)) return;
    await circuits.forget(endpointId);
    moved('closed');
    logger.info({ endpointId }, 'webhook endpoint circuit closed: its endpoint is disabled or gone');
  }

  async function countStreak(attempt: ClaimedAttempt, result: AttemptResult): Promise<void> {
    const { endpointId } = attempt;
    const streak = nextStreak(
      streaks.get(endpointId) ?? { failures: 0, timeouts: 0 },
      result,
      policy.timeoutMs,
    );
    if (streak.failures === 0) {
      streaks.delete(endpointId);
      return;
    }
    if (streaks.size >= MAX_STREAKS) streaks.clear();
    streaks.set(endpointId, streak);
    const reason = tripReason(streak, policy);
    if (reason === null || view.has(endpointId)) return;
    streaks.delete(endpointId);
    await trip(endpointId, reason);
  }

  async function settleProbe(attempt: ClaimedAttempt, result: AttemptResult): Promise<void> {
    const { endpointId, deliveryId } = attempt;
    probing.delete(endpointId);
    streaks.delete(endpointId);
    const now = deps.now();
    if (result.acknowledged) return close(endpointId, deliveryId, now);
    const circuit = view.get(endpointId) ?? (await fresh()).get(endpointId);
    if (circuit) await reopen(circuit, deliveryId, now);
  }

  return {
    async tripped() {
      return [...(await fresh()).keys()];
    },
    heldUntil: (endpointId) => view.get(endpointId)?.probeAt,
    async dueProbes() {
      const now = deps.now();
      const probes: ClaimedAttempt[] = [];
      for (const circuit of [...(await fresh()).values()]) {
        if (circuit.probeAt > now) continue;
        if (circuit.state === 'open') {
          const claimed = await probe(circuit, now);
          if (claimed) probes.push(claimed);
        } else if (circuit.probe && probing.get(circuit.endpointId) !== circuit.probe) {
          // Half-open past its probe's lease: the replica sending it died; the probe counts as failed.
          await reopen(circuit, circuit.probe, now);
        }
      }
      return probes;
    },
    async observe(attempt, result) {
      try {
        if (probing.get(attempt.endpointId) === attempt.deliveryId) await settleProbe(attempt, result);
        else await countStreak(attempt, result);
      } catch (error) {
        // The attempt is recorded already; the breaker moves at its next probe or streak.
        logger.warn({ err: error, endpointId: attempt.endpointId }, 'webhook circuit breaker not moved');
      }
    },
    forget,
  };
}

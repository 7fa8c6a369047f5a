/** What one reservation from a key's shared window answered. */
export interface Reservation {
  /** Calls this replica may now admit without asking again (0: the window is full). */
  granted: number;
  /** What the shared window has left after the reservation, not counting what replicas hold. */
  sharedRemaining: number;
  /** When the window ends, in ms since the epoch. */
  windowEndsAt: number;
}

export interface ShareDecision {
  allowed: boolean;
  /** What the shared window has left plus what this replica still holds. */
  remaining: number;
  windowEndsAt: number;
}

/**
 * One replica's share of one key's window. A call spends a call this replica reserved from the shared
 * window; when none is left it reserves more (one reservation at a time: the calls that arrive meanwhile
 * wait for it and spend from it). Once a reservation is refused, this replica knows the window is full
 * and refuses its calls without asking until it ends. A replica never admits a call the shared
 * window did not count: across replicas a window admits at most its limit, and at worst leaves unspent
 * what the other replicas still hold when it ends.
 */
export function windowShare(reserve: () => Promise<Reservation>, now: () => number = Date.now) {
  let held = 0;
  let sharedRemaining = 0;
  let windowEndsAt = 0;
  let full = false;
  let reserving: Promise<void> | undefined;

  const reserveMore = async () => {
    try {
      const reservation = await reserve();
      held = reservation.granted;
      sharedRemaining = reservation.sharedRemaining;
      windowEndsAt = reservation.windowEndsAt;
      full = reservation.granted === 0;
    } finally {
      reserving = undefined;
    }
  };

  return async function take(): Promise<ShareDecision> {
    // Each turn either decides or waits for a reservation, which opens a new window once this one ends.
    for (;;) {
      if (now() < windowEndsAt) {
        if (held > 0) {
          held -= 1;
          return { allowed: true, remaining: sharedRemaining + held, windowEndsAt };
        }
        if (full) return { allowed: false, remaining: 0, windowEndsAt };
      }
      reserving ??= reserveMore();
      await reserving;
    }
  };
}

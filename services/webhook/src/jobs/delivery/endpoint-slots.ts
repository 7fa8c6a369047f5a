/**
 * The places of one replica's dispatcher: `total` attempts in flight at once, and at most `perEndpoint` of them
 * to any one endpoint (WEBHOOK_CONCURRENCY, WEBHOOK_ENDPOINT_CONCURRENCY), so an endpoint that hangs holds a
 * few places while the others keep theirs.
 */
export interface EndpointSlots {
  /** Places free now, for any endpoint. */
  free(): number;
  /** Places free now for this endpoint (its own limit, and the total). */
  freeFor(endpointId: string): number;
  /** The endpoints at their own limit: a scan for due work leaves them out. */
  full(): string[];
  take(endpointId: string): void;
  give(endpointId: string): void;
}

export function createEndpointSlots(limits: { total: number; perEndpoint: number }): EndpointSlots {
  const taken = new Map<string, number>();
  let inFlight = 0;
  const free = () => Math.max(0, limits.total - inFlight);
  return {
    free,
    freeFor: (endpointId) => Math.min(free(), Math.max(0, limits.perEndpoint - (taken.get(endpointId) ?? 0))),
    full: () => [...taken].filter(([, n]) => n >= limits.perEndpoint).map(([endpointId]) => endpointId),
    take(endpointId) {
      inFlight++;
      taken.set(endpointId, (taken.get(endpointId) ?? 0) + 1);
    },
    give(endpointId) {
      inFlight--;
      const left = (taken.get(endpointId) ?? 1) - 1;
      if (left > 0) taken.set(endpointId, left);
      else taken.delete(endpointId);
    },
  };
}

/**
 * Of due attempts in due order, those that fit now: at most `room`, and no more per endpoint than its free
 * places. `filled`: the endpoints this pick fills up (the next scan leaves them out).
 */
export function pickFair<T extends { endpointId: string }>(
  due: readonly T[],
  room: number,
  freeFor: (endpointId: string) => number,
): { picked: T[]; filled: string[] } {
  const left = new Map<string, number>();
  const picked: T[] = [];
  for (const attempt of due) {
    if (picked.length >= room) break;
    const free = left.get(attempt.endpointId) ?? freeFor(attempt.endpointId);
    left.set(attempt.endpointId, Math.max(0, free - 1));
    if (free > 0) picked.push(attempt);
  }
  const filled = [...left].filter(([, free]) => free <= 0).map(([endpointId]) => endpointId);
  return { picked, filled };
}

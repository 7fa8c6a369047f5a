/**
 * The gateway's drain on SIGTERM (docs/deploy.md, "Probes and shutdown"): from `begin()` readiness answers 503 and
 * every answer closes its connection, while the listener stays open for the shutdown delay, so the load balancer
 * takes this replica out before it stops accepting.
 */
export interface Drain {
  begin(): void;
  isDraining(): boolean;
}

export function createDrain(): Drain {
  let draining = false;
  return {
    begin: () => {
      draining = true;
    },
    isDraining: () => draining,
  };
}

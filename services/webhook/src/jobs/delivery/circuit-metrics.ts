import { counter, gaugeOnScrape } from '@travel/metrics';
import type { CircuitRepository } from '../../db/circuit.repository';
import type { CircuitState } from '../../domain/circuits/circuit';

/** `webhook_circuit_transitions_total{to}`: the breaker moves this replica made (open, half_open, closed). */
export function circuitTransitions() {
  const moves = counter(
    'webhook_circuit_transitions_total',
    "Webhook endpoints' circuit breakers moved by this replica, by the state they moved to (open, half_open, closed).",
    ['to'],
  );
  return (to: CircuitState) => moves.inc({ to });
}

/**
 * `webhook_endpoint_circuits{state}`: how many endpoints' breakers are open and half-open now, counted in the
 * store on scrape (shared by every replica, so every replica reports the same count). Per state, never per
 * endpoint: an endpoint id is no label value.
 */
export function observeCircuits(circuits: CircuitRepository): void {
  for (const state of ['open', 'half_open'] as const)
    gaugeOnScrape(
      'webhook_endpoint_circuits',
      'Webhook endpoints whose circuit breaker is open (deliveries held) or half-open (one probe out), by state.',
      () => circuits.countInState(state),
      { state },
    );
}

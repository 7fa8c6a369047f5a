import { Schema } from 'mongoose';
import type { Circuit } from '../domain/circuits/circuit';

/**
 * One tripped circuit breaker per endpoint (`_id` the endpoint's id), shared by every replica: created when it
 * opens, deleted when it closes, so the collection holds only the endpoints whose breaker is open or half-open
 * now (no more than there are endpoints; nothing accumulates). Every move is one conditional single-document
 * write, so of two replicas exactly one opens, probes or closes it.
 */
export interface CircuitDocument extends Omit<Circuit, 'endpointId'> {
  _id: string;
}

export const circuitSchema = new Schema<CircuitDocument>(
  {
    _id: { type: String, required: true },
    state: { type: String, required: true },
    openedAt: { type: Date, required: true },
    probeAt: { type: Date, required: true },
    openings: { type: Number, required: true },
    probe: { type: String },
    reason: { type: String, required: true },
  },
  { collection: 'webhook_endpoint_circuits', versionKey: false },
);
// Serves the metric's count of breakers per state (`countInState`).
circuitSchema.index({ state: 1 });

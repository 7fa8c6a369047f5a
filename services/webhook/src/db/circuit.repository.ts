import { insertWholeIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { Circuit, CircuitState } from '../domain/circuits/circuit';
import { type CircuitDocument, circuitSchema } from './circuit.schema';

/**
 * The endpoints' tripped circuit breakers. Each move answers whether this call made it: the filter holds
 * the state it was read in, so a replica that read an older state changes nothing.
 */
export interface CircuitRepository {
  /** Every open or half-open breaker (one small collection, read whole). */
  tripped(): Promise<Circuit[]>;
  /** Closed → open; false when another replica opened it first. */
  open(circuit: Circuit): Promise<boolean>;
  /** Open (due at `probeAt`) → half-open, sending `probe` until `until`. */
  startProbe(endpointId: string, probeAt: Date, probe: string, until: Date): Promise<boolean>;
  /** Half-open whose `probe` failed (or was lost) → open again until `until`, one more opening. */
  reopen(endpointId: string, probe: string, until: Date): Promise<Circuit | undefined>;
  /** Half-open whose `probe` succeeded → closed (the record is deleted). */
  close(endpointId: string, probe: string): Promise<boolean>;
  /** Open (due at `probeAt`) with nothing to probe with → closed. */
  closeIdle(endpointId: string, probeAt: Date): Promise<boolean>;
  /** Closed whatever its state: its endpoint was disabled or deleted. */
  forget(endpointId: string): Promise<void>;
  countInState(state: Exclude<CircuitState, 'closed'>): Promise<number>;
}

export function createCircuitRepository(connection: Connection): CircuitRepository {
  const circuits = modelOn(connection, 'WebhookEndpointCircuit', circuitSchema);
  return {
    async tripped() {
      return (await circuits.find({}).lean<CircuitDocument[]>()).map(toCircuit);
    },
    open: ({ endpointId, ...fields }) => insertWholeIfAbsent(circuits, { _id: endpointId, ...fields }),
    async startProbe(endpointId, probeAt, probe, until) {
      const moved = await circuits.updateOne(
        { _id: endpointId, state: 'open', probeAt },
        { $set: { state: 'half_open', probe, probeAt: until } },
      );
      return moved.modifiedCount === 1;
    },
    async reopen(endpointId, probe, until) {
      const doc = await circuits
        .findOneAndUpdate(
          { _id: endpointId, state: 'half_open', probe },
          { $set: { state: 'open', probeAt: until }, $unset: { probe: '' }, $inc: { openings: 1 } },
          { returnDocument: 'after' },
        )
        .lean<CircuitDocument>();
      return doc ? toCircuit(doc) : undefined;
    },
    async close(endpointId, probe) {
      const closed = await circuits.deleteOne({ _id: endpointId, state: 'half_open', probe });
      return closed.deletedCount === 1;
    },
    async closeIdle(endpointId, probeAt) {
      const closed = await circuits.deleteOne({ _id: endpointId, state: 'open', probeAt });
      return closed.deletedCount === 1;
    },
    async forget(endpointId) {
      await circuits.deleteOne({ _id: endpointId });
    },
    countInState: (state) => circuits.countDocuments({ state }).exec(),
  };
}

function toCircuit({ _id, ...fields }: CircuitDocument): Circuit {
  return { endpointId: _id, ...fields };
}

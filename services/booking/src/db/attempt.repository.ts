import { isDuplicateKeyError, modelOn } from '@travel/mongo';
import { type Connection, Schema } from 'mongoose';

/** Which booking id an idempotent attempt books: bound once, by a unique insert on the attempt. */
interface AttemptDocument {
  _id: string;
  bookingId: string;
}

const attemptSchema = new Schema<AttemptDocument>(
  { _id: String, bookingId: { type: String, required: true } },
  { collection: 'booking_attempts', versionKey: false },
);

export interface AttemptRepository {
  bookingIdOf(attempt: string): Promise<string | null>;
  /** Binds the attempt to this id unless it is bound already; the id it is bound to. */
  bind(attempt: string, bookingId: string): Promise<string>;
}

/**
 * An attempt and its booking id, found by `_id` alone: on FerretDB (SQLite) only `_id` equality is
 * answered from an index, any other filter reads the whole collection, so a replay must not look the
 * booking up by its attempt. Binding before inserting makes the booking's own `_id` the guard: whoever
 * finishes the attempt inserts the same id, and one insert lands.
 */
export function createAttemptRepository(connection: Connection): AttemptRepository {
  const model = modelOn(connection, 'BookingAttempt', attemptSchema);
  const bookingIdOf = async (attempt: string) =>
    (await model.findById(attempt).lean<AttemptDocument>())?.bookingId ?? null;
  return {
    bookingIdOf,
    async bind(attempt, bookingId) {
      try {
        await model.create({ _id: attempt, bookingId });
        return bookingId;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        const bound = await bookingIdOf(attempt);
        if (!bound) throw new Error(`attempt ${attempt}: bound and yet not found`);
        return bound;
      }
    },
  };
}

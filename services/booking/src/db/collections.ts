import { idempotencyKeySchema } from '@travel/idempotency';
import { sequenceSchema } from '@travel/mongo';
import type { Schema } from 'mongoose';
import { bookingSchema } from './booking.schema';
import { cancellationQuoteSchema } from './cancellation-quote.schema';
import { keySpendingSchema } from './key-spending.schema';

/** Every collection of booking's database with its indexes: what `commands/migrate.ts` creates. */
export const collections: Schema[] = [
  bookingSchema,
  idempotencyKeySchema,
  cancellationQuoteSchema,
  keySpendingSchema,
  sequenceSchema,
];

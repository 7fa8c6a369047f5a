import { parkedEventSchema } from '@travel/events';
import { sequenceSchema } from '@travel/mongo';
import type { Schema } from 'mongoose';
import { circuitSchema } from './circuit.schema';
import { deliverySchema } from './delivery.schema';
import { endpointChangesSchema, endpointSchema, endpointSlotSchema } from './endpoint.schema';
import { feedEntrySchema, feedStreamSchema } from './feed.schema';
import { recoverySchema } from './recovery.repository';
import { redeliveryKeySchema } from './redelivery-key.schema';

/** Every collection of webhook's database with its indexes: what `commands/migrate.ts` creates. */
export const collections: Schema[] = [
  endpointSchema,
  endpointSlotSchema,
  endpointChangesSchema,
  circuitSchema,
  deliverySchema,
  feedEntrySchema,
  feedStreamSchema,
  recoverySchema,
  redeliveryKeySchema,
  sequenceSchema,
  parkedEventSchema,
];

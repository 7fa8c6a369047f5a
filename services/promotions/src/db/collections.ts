import { parkedEventSchema } from '@travel/events';
import { sequenceSchema } from '@travel/mongo';
import type { Schema } from 'mongoose';
import { allocationSchema } from './allocation.schema';
import { promotionSchemas } from './promotion.schema';
import { holderSlotSchema, redemptionSchema } from './redemption.schema';

/** Every collection of promotions' database with its indexes: what `commands/migrate.ts` creates. */
export const collections: Schema[] = [
  promotionSchemas.discount,
  promotionSchemas.offer,
  promotionSchemas.voucher,
  allocationSchema,
  redemptionSchema,
  holderSlotSchema,
  sequenceSchema,
  parkedEventSchema,
];

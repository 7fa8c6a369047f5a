import { sequenceSchema } from '@travel/mongo';
import type { Schema } from 'mongoose';
import { pricingRuleSchema } from './pricing-rule.schema';

/** Every collection of pricing's database with its indexes: what `commands/migrate.ts` creates. */
export const collections: Schema[] = [pricingRuleSchema, sequenceSchema];

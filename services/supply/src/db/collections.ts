import { sequenceSchema } from '@travel/mongo';
import type { Schema } from 'mongoose';
import { insurancePolicySchema } from './insurance-policy.schema';
import { supplierSchema } from './supplier.schema';
import { vendorSchema } from './vendor.schema';

/** Every collection of supply's database with its indexes: what `commands/migrate.ts` creates. */
export const collections: Schema[] = [supplierSchema, vendorSchema, insurancePolicySchema, sequenceSchema];

import { sequenceSchema } from '@travel/mongo';
import type { Schema } from 'mongoose';
import {
  approverSchema,
  contractSchema,
  costCenterSchema,
  employeeSchema,
  policySchema,
} from './kinds.schema';

/** Every collection of corporate's database with its indexes: what `commands/migrate.ts` creates. */
export const collections: Schema[] = [
  costCenterSchema,
  approverSchema,
  policySchema,
  employeeSchema,
  contractSchema,
  sequenceSchema,
];

import { parkedEventSchema } from '@travel/events';
import type { Schema } from 'mongoose';
import { saleFactSchema } from './sale-fact.schema';
import { searchFactSchema } from './search-fact.schema';

/** Every collection of reports' database with its indexes: what `commands/migrate.ts` creates. */
export const collections: Schema[] = [saleFactSchema, searchFactSchema, parkedEventSchema];

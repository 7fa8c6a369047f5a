import { sequenceSchema } from '@travel/mongo';
import type { Schema } from 'mongoose';
import { blogSchema } from './blog.schema';
import { heroSlideSchema } from './hero-slide.schema';
import { themeSchema, themeSelectionSchema } from './theme.schema';

/** Every collection of content's database with its indexes: what `commands/migrate.ts` creates. */
export const collections: Schema[] = [
  blogSchema,
  heroSlideSchema,
  themeSchema,
  themeSelectionSchema,
  sequenceSchema,
];

import type { Schema } from 'mongoose';
import { emailSchema } from './email.schema';
import { leadSchema } from './lead.schema';
import { newsletterSchema } from './newsletter.schema';
import { querySchema } from './query.schema';
import { subscriberSchema } from './subscriber.schema';
import { whatsappContactSchema, whatsappMessageSchema } from './whatsapp.schema';

/** Every collection of engagement's database with its indexes: what `commands/migrate.ts` creates. */
export const collections: Schema[] = [
  subscriberSchema,
  newsletterSchema,
  leadSchema,
  querySchema,
  emailSchema,
  whatsappContactSchema,
  whatsappMessageSchema,
];

import { parkedEventSchema } from '@travel/events';
import { idempotencyKeySchema } from '@travel/idempotency';
import { sequenceSchema } from '@travel/mongo';
import type { Schema } from 'mongoose';
import { invoiceSchema } from './invoice.schema';
import { lineClaimSchema, lineSchema } from './line.schema';
import { markSchema } from './mark.schema';
import { paymentSchema } from './payment.schema';
import { defaultGatewaySchema, paymentGatewaySchema } from './payment-gateway.schema';
import { storefrontPaymentSchema } from './storefront-payment.schema';
import { walletEntrySchema, walletSchema } from './wallet-entry.schema';

/** Every collection of billing's database with its indexes: what `commands/migrate.ts` creates. */
export const collections: Schema[] = [
  invoiceSchema,
  lineSchema,
  lineClaimSchema,
  markSchema,
  paymentSchema,
  paymentGatewaySchema,
  defaultGatewaySchema,
  storefrontPaymentSchema,
  walletEntrySchema,
  walletSchema,
  idempotencyKeySchema,
  sequenceSchema,
  parkedEventSchema,
];

import {
  auditFields,
  crashPoint,
  kafkaFields,
  loadConfig,
  mongoFields,
  positiveInt,
  refusedInProduction,
  sealingFields,
  serviceFields,
} from '@travel/config';
import { z } from 'zod';
import { BILLING_CRASH_POINTS } from './domain/crash-points';

const schema = z
  .object({
    ...serviceFields({ grpcPort: 50055 }),
    ...mongoFields({ database: 'travel_billing' }),
    ...kafkaFields,
    /** The relay of staff changes' audit entries to `audit.entries` (docs/decisions/audit.md). */
    ...auditFields,
    /** An invoice created without a due date is due this many days after it was made. */
    DEFAULT_DUE_DAYS: positiveInt(15),
    /** The outbox relay of `invoice.paid` retries what it was told about this often (and at once after a write). */
    OUTBOX_POLL_MS: positiveInt(1000),
    /** ...and scans for pending events nobody told it about (a crash's, another replica's) this often. */
    OUTBOX_RESCAN_MS: positiveInt(30_000),
    /** Keys sealing payment-gateway credentials at rest (@travel/sealing); required in production. */
    ...sealingFields,
    /**
     * A storefront card payment the customer has not completed this long after it was created is cancelled
     * at the provider and its booking cancelled (wallet share and voucher given back) by the next settle.
     */
    PAYMENT_EXPIRY_MS: positiveInt(60 * 60_000),
    /**
     * Where Stripe's API is (`http://127.0.0.1:12111`): tests and local stacks point Stripe gateways at
     * stripe-mock; unset, Stripe's own. Refused in production, where payments go to Stripe only.
     */
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Test-only fault hook (the process kills itself at this step of a storefront payment). Refused in production. */
    BILLING_CRASH_AT: crashPoint(BILLING_CRASH_POINTS),
  })
  .refine(...refusedInProduction('BILLING_CRASH_AT', 'is a test hook'))
  .refine(...refusedInProduction('AUDIT_CRASH_AT', 'is a test hook'))
  .refine(...refusedInProduction('STRIPE_API_URL', 'points Stripe gateways at a mock'));

export type BillingConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): BillingConfig {
  return loadConfig(schema, env);
}

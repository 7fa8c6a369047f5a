import {
  auditFields,
  crashPoint,
  flag,
  idempotencyFields,
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
    /** `Idempotency-Key` of wallet top-ups and invoice payments: retention and lease (docs/idempotency.md). */
    ...idempotencyFields,
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
    /**
     * `true`: the built-in simulator may charge card payments (no money moves; every answer says
     * `simulated: true`) when no gateway is the default or the default is the simulator. Off (the default),
     * such payments fail closed: refused with `payment_gateway_unavailable`, nothing charged (docs/payments.md).
     * The local and test stacks turn it on; refused in production.
     */
    PAYMENT_SIMULATOR: flag('false'),
    /** Test-only fault hook (the process kills itself at this step of a storefront payment). Refused in production. */
    BILLING_CRASH_AT: crashPoint(BILLING_CRASH_POINTS),
  })
  .refine(...refusedInProduction('BILLING_CRASH_AT', 'is a test hook'))
  .refine(...refusedInProduction('AUDIT_CRASH_AT', 'is a test hook'))
  .refine(...refusedInProduction('STRIPE_API_URL', 'points Stripe gateways at a mock'))
  .refine((config) => !(config.NODE_ENV === 'production' && config.PAYMENT_SIMULATOR), {
    message:
      'PAYMENT_SIMULATOR=true lets payments succeed without moving money and is refused when NODE_ENV=production.',
    path: ['PAYMENT_SIMULATOR'],
  });

export type BillingConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): BillingConfig {
  return loadConfig(schema, env);
}

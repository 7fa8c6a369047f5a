import {
  auditFields,
  crashPoint,
  idempotencyFields,
  kafkaFields,
  loadConfig,
  mongoFields,
  positiveInt,
  refusedInProduction,
  serviceFields,
} from '@travel/config';
import { publicKeyPemsIn } from '@travel/offer-tokens';
import { z } from 'zod';
import { CRASH_POINTS } from './domain/crash-points';

const schema = z
  .object({
    ...serviceFields({ grpcPort: 50054 }),
    ...mongoFields({ database: 'travel_booking' }),
    ...kafkaFields,
    /** The relay of staff changes' audit entries to `audit.entries` (docs/decisions/audit.md). */
    ...auditFields,
    /** A booking re-prices its offer through pricing's PriceOffers, like search did. */
    PRICING_ADDRESS: z.string().min(1).default('127.0.0.1:50053'),
    PRICING_DEADLINE_MS: positiveInt(3000),
    /** A storefront booking is paid (and refunded) through billing's WalletService before it is confirmed. */
    BILLING_ADDRESS: z.string().min(1).default('127.0.0.1:50055'),
    BILLING_DEADLINE_MS: positiveInt(3000),
    /**
     * A storefront booking gets promotions' automatic discount and redeems its voucher (RedeemVoucher,
     * then ConfirmRedemption once paid) before it is written.
     */
    PROMOTIONS_ADDRESS: z.string().min(1).default('127.0.0.1:50057'),
    PROMOTIONS_DEADLINE_MS: positiveInt(3000),
    /**
     * Storefront bookings left owing a payment or a refund (their request died and nobody retried) are
     * finished this often, once older than the idempotency lease.
     */
    SETTLE_INTERVAL_MS: positiveInt(5000),
    /** Ed25519 public key (SPKI PEM) of the search service: booking verifies offer tokens, never signs. */
    OFFER_TOKEN_PUBLIC_KEY: z
      .string({ error: 'Required: the PEM public key that verifies offer tokens.' })
      .refine((pem) => pem.includes('-----BEGIN PUBLIC KEY-----'), { message: 'Must be an SPKI PEM key.' }),
    /**
     * Previous public keys (SPKI PEMs, one after another) still verifying during a rotation overlap: tokens
     * their private keys signed stay bookable, and `GET /api/v1/offer-keys` lists them beside the active key.
     */
    OFFER_TOKEN_PREVIOUS_PUBLIC_KEYS: z
      .string()
      .default('')
      .transform((text) => publicKeyPemsIn(text))
      .refine((pems) => pems.every((pem) => pem.includes('-----BEGIN PUBLIC KEY-----'))),
    /** How long a cancellation quote may be named by a cancel. */
    CANCELLATION_QUOTE_TTL_SECONDS: positiveInt(300),
    /** `Idempotency-Key` of bookings and cancellations: retention and lease (docs/idempotency.md). */
    ...idempotencyFields,
    /** The outbox relay retries what it was told about this often (and runs at once after every write). */
    OUTBOX_POLL_MS: positiveInt(1000),
    /**
     * ...and scans for pending events nobody told it about (a crash's, another replica's) this often: one
     * query on the index of pending bookings, empty when all is well.
     */
    OUTBOX_RESCAN_MS: positiveInt(5000),
    /** Past bookings are completed this often. */
    SWEEP_INTERVAL_MS: positiveInt(60_000),
    /**
     * Test-only fault hook: the process kills itself (SIGKILL) when a booking reaches this step, so the
     * crash-safety tests can prove a retry recovers. Refused in production.
     */
    BOOKING_CRASH_AT: crashPoint(CRASH_POINTS),
  })
  .refine(...refusedInProduction('BOOKING_CRASH_AT', 'is a test hook'))
  .refine(...refusedInProduction('AUDIT_CRASH_AT', 'is a test hook'));

export type BookingConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): BookingConfig {
  return loadConfig(schema, env);
}

import { kafkaFields, loadConfig, positiveInt, serviceFields } from '@travel/config';
import { z } from 'zod';

const schema = z.object({
  ...serviceFields({ grpcPort: 50052 }),
  /** Search hears `pricing.changes` to drop the rates it holds (docs/decisions/search-and-pricing.md, "Prices"). */
  ...kafkaFields,
  /** Search asks pricing for the rates in force (`CurrentRates`) when it holds none for a tenant and service. */
  PRICING_ADDRESS: z.string().min(1).default('127.0.0.1:50053'),
  PRICING_DEADLINE_MS: positiveInt(3000),
  /**
   * Safety net of the rates held in memory: loaded again at least this often, in case a `pricing.changes`
   * broadcast was lost (Kafka down during a change). Broadcasts drop the rates at once.
   */
  RATE_CACHE_TTL_MS: positiveInt(60_000),
  /** Ed25519 private key (PKCS#8 PEM) that signs offer tokens; booking holds only the public key. */
  OFFER_TOKEN_PRIVATE_KEY: z
    .string({ error: 'Required: the PEM private key that signs offer tokens.' })
    .refine((pem) => pem.includes('-----BEGIN PRIVATE KEY-----'), { message: 'Must be a PKCS#8 PEM key.' }),
  /** Lifetime of an offer token (15 minutes, gateway/openapi/partner.yaml; shorter in tests). */
  OFFER_TOKEN_TTL_SECONDS: positiveInt(900),
});

export type SearchConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): SearchConfig {
  return loadConfig(schema, env);
}

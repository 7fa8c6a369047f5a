import {
  kafkaFields,
  loadConfig,
  mongoFields,
  positiveInt,
  sealingFields,
  serviceFields,
} from '@travel/config';
import { z } from 'zod';
import { PASSWORD_RULE, passwordProblem } from './domain/passwords';

/** Outside production only: a known password for the demo and for tests. */
export const DEMO_ADMIN_PASSWORD = 'admin-demo-2026';

const fields = z.object({
  ...serviceFields({ grpcPort: 50051 }),
  ...mongoFields({ database: 'travel_identity' }),
  ...kafkaFields,
  /** Keys sealing the token signing keys and travellers' document fields at rest (@travel/sealing). */
  ...sealingFields,
  /** Platform default rate limit applied to keys without their own, until an administrator changes it. */
  DEFAULT_RATE_LIMIT: positiveInt(100),
  DEFAULT_RATE_WINDOW_SECONDS: positiveInt(10),
  /** The first platform administrator, created at start while no platform administrator exists. */
  ADMIN_EMAIL: z.email().default('admin@partner-travel.local'),
  /** Required in production; elsewhere defaults to the demo password (which the demo start prints). */
  ADMIN_PASSWORD: z
    .string()
    .refine((password) => passwordProblem(password) === null, { message: PASSWORD_RULE })
    .optional(),
  /** Staff access tokens (JWT, EdDSA): lifetime, `iss` and `aud`. */
  ACCESS_TOKEN_TTL_SECONDS: positiveInt(900),
  ACCESS_TOKEN_ISSUER: z.string().min(1).default('partner-travel-identity'),
  ACCESS_TOKEN_AUDIENCE: z.string().min(1).default('partner-travel-admin'),
  /** `aud` of storefront customer tokens (same key and lifetime): staff routes refuse them, and the reverse. */
  CUSTOMER_TOKEN_AUDIENCE: z.string().min(1).default('partner-travel-customer'),
  /**
   * A rotated signing key is published at once and signs this much later, so every gateway (which refetches
   * keys at most once a second) and every identity replica (which rereads them each second) knows it first.
   */
  SIGNING_KEY_ACTIVATION_SECONDS: positiveInt(10),
  /** A staff session (and so its rotating refresh tokens) lasts this long from sign-in. */
  REFRESH_TOKEN_TTL_SECONDS: positiveInt(30 * 24 * 60 * 60),
});

const schema = fields
  .superRefine((config, context) => {
    if (config.NODE_ENV === 'production' && config.ADMIN_PASSWORD === undefined) {
      context.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'Required in production.' });
    }
  })
  .transform(({ ADMIN_PASSWORD, ...config }) => ({
    ...config,
    ADMIN_PASSWORD: ADMIN_PASSWORD ?? DEMO_ADMIN_PASSWORD,
  }));

export type IdentityConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): IdentityConfig {
  return loadConfig(schema, env);
}

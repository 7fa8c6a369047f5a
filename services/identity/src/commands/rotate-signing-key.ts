import { sealingKeysOf } from '@travel/config';
import { runCommand } from '@travel/lifecycle';
import { mongoOptionsOf, withMongo } from '@travel/mongo';
import { createSealer } from '@travel/sealing';
import { readConfig } from '../config';
import { createSigningKeyRepository } from '../db/signing-key.repository';
import { createRotateSigningKey } from '../domain/access-tokens/rotate-signing-key';

/**
 * `node services/identity/dist/commands/rotate-signing-key.js`, with identity's environment: a new access-token signing
 * key, published at once, signing after SIGNING_KEY_ACTIVATION_SECONDS; the old one verifies its tokens until
 * they expire. Prints `{"kid":…,"activatesAt":…,"deleted":[…]}` (docs/access.md, "Signing keys").
 */
runCommand(
  'identity-rotate-signing-key',
  () => readConfig(process.env),
  (config, logger) =>
    withMongo({ ...mongoOptionsOf(config), logger }, async (connection) => {
      const rotate = createRotateSigningKey({
        keys: createSigningKeyRepository(connection, createSealer(sealingKeysOf(config))),
        tokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
        activationDelaySeconds: config.SIGNING_KEY_ACTIVATION_SECONDS,
        now: () => new Date(),
      });
      const rotated = await rotate();
      logger.info({ kid: rotated.kid, activatesAt: rotated.activatesAt }, 'signing key rotated');
      return rotated;
    }),
);

import { sealingKeysOf } from '@travel/config';
import { runCommand } from '@travel/lifecycle';
import { mongoOptionsOf, withMongo } from '@travel/mongo';
import { createSealer } from '@travel/sealing';
import { readConfig } from '../config';
import { createCustomerRepository } from '../db/customer.repository';
import { createSigningKeyRepository } from '../db/signing-key.repository';

/**
 * `node services/identity/dist/commands/reseal.js`, with identity's environment: the token signing keys and every
 * traveller's document fields sealed again under SEALING_ACTIVE_KEY; prints
 * `{"signingKeys":{"resealed":n,"current":m},"travellerFields":{…}}` (docs/deploy.md, "Sealing keys").
 * Safe while identity runs, and to run again.
 */
runCommand(
  'identity-reseal',
  () => readConfig(process.env),
  (config, logger) =>
    withMongo({ ...mongoOptionsOf(config), logger }, async (connection) => {
      const sealer = createSealer(sealingKeysOf(config));
      return {
        signingKeys: await createSigningKeyRepository(connection, sealer).reseal(),
        travellerFields: await createCustomerRepository(connection, sealer).resealTravellers(),
      };
    }),
);

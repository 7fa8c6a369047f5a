import { sealingKeysOf } from '@travel/config';
import { runCommand } from '@travel/lifecycle';
import { mongoOptionsOf, withMongo } from '@travel/mongo';
import { createSealer } from '@travel/sealing';
import { readConfig } from '../config';
import { createPaymentGatewayRepository } from '../db/payment-gateway.repository';
import { createCredentialsCipher } from '../domain/credentials-cipher';
import { resealCredentials } from '../jobs/reseal-credentials';

/**
 * `node services/billing/dist/commands/reseal.js`, with billing's environment: every payment-gateway credential sealed
 * again under SEALING_ACTIVE_KEY; prints `{"paymentGatewayCredentials":{"resealed":n,"current":m}}`
 * (docs/deploy.md, "Sealing keys"). Safe while billing runs, and to run again.
 */
runCommand(
  'billing-reseal',
  () => readConfig(process.env),
  (config, logger) =>
    withMongo({ ...mongoOptionsOf(config), logger }, async (connection) => {
      const gateways = createPaymentGatewayRepository(connection);
      const cipher = createCredentialsCipher(createSealer(sealingKeysOf(config)));
      return { paymentGatewayCredentials: await resealCredentials({ gateways, cipher }) };
    }),
);

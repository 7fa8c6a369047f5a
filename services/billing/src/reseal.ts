import { sealingKeysOf } from '@travel/config';
import { runCommand } from '@travel/lifecycle';
import { createMongo, mongoOptionsOf } from '@travel/mongo';
import { createSealer } from '@travel/sealing';
import { readConfig } from './config';
import { createPaymentGatewayRepository } from './db/payment-gateway.repository';
import { createCredentialsCipher } from './domain/credentials-cipher';
import { resealCredentials } from './jobs/reseal-credentials';

/**
 * `node services/billing/dist/reseal.js`, with billing's environment: every payment-gateway credential sealed
 * again under SEALING_ACTIVE_KEY; prints `{"paymentGatewayCredentials":{"resealed":n,"current":m}}`
 * (docs/deploy.md, "Sealing keys"). Safe while billing runs, and to run again.
 */
runCommand('billing-reseal', () => readConfig(process.env), async (config, logger) => {
  const mongo = createMongo({ ...mongoOptionsOf(config), logger });
  await mongo.start();
  try {
    const gateways = createPaymentGatewayRepository(mongo.connection);
    const cipher = createCredentialsCipher(createSealer(sealingKeysOf(config)));
    return { paymentGatewayCredentials: await resealCredentials({ gateways, cipher }) };
  } finally {
    await mongo.stop();
  }
});

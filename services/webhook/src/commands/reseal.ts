import { sealingKeysOf } from '@travel/config';
import { runCommand } from '@travel/lifecycle';
import { mongoOptionsOf, withMongo } from '@travel/mongo';
import { createSealer } from '@travel/sealing';
import { readConfig } from '../config';
import { createEndpointRepository } from '../db/endpoint.repository';
import { createEndpointSecrets } from '../db/endpoint-secrets';
import { resealSecrets } from '../jobs/reseal-secrets';

/**
 * `node services/webhook/dist/commands/reseal.js`, with the webhook service's environment: every endpoint signing
 * secret sealed again under SEALING_ACTIVE_KEY; prints `{"endpointSecrets":{"resealed":n,"current":m}}`
 * (docs/deploy.md, "Sealing keys"). Safe while the service runs, and to run again.
 */
runCommand(
  'webhook-reseal',
  () => readConfig(process.env),
  (config, logger) =>
    withMongo({ ...mongoOptionsOf(config), logger }, async (connection) => {
      const endpoints = createEndpointRepository(connection);
      const secrets = createEndpointSecrets(createSealer(sealingKeysOf(config)));
      return { endpointSecrets: await resealSecrets({ endpoints, secrets }) };
    }),
);

import { z } from 'zod';
import type { OperationSchemas } from '../../openapi/contract';
import { partnerOperations } from '../common/partner-contract/operations';

// The tenant's view of one of its clients' webhook endpoints (api-console-webhooks.routes.ts): the partner API's
// webhook operations, each under /admin/api-console/clients/{clientId} with the mode named; words in
// internal.texts.yaml.

/** The partner operations the console serves again, and the name each has in the internal document. */
const CONSOLE_NAMES = {
  registerWebhook: 'registerOwnClientWebhook',
  listWebhooks: 'listOwnClientWebhooks',
  deleteWebhook: 'deleteOwnClientWebhook',
  updateWebhook: 'updateOwnClientWebhook',
  listWebhookDeliveries: 'listOwnClientWebhookDeliveries',
  redeliverWebhookDelivery: 'redeliverOwnClientWebhookDelivery',
  pingWebhook: 'pingOwnClientWebhook',
  rotateWebhookSecret: 'rotateOwnClientWebhookSecret',
  recoverWebhookDeliveries: 'recoverOwnClientWebhookDeliveries',
} as const satisfies Partial<Record<keyof typeof partnerOperations, string>>;

export const ownClientParams = z.object({
  clientId: z
    .string()
    .regex(/^[0-9]{1,9}$/)
    .meta({ description: "The tenant's API client (an integer id); anything else names no client (`404`)." }),
});

export const ownModeQuery = z.object({
  environment: z.enum(['live', 'test']).default('live').meta({
    description: "Whose endpoints: the client's `live` (default) or `test` ones; the two never mix.",
  }),
});

/** A partner operation as the console serves it: the client in the path, the mode in the query. */
function forOwnClient(operation: OperationSchemas): OperationSchemas {
  return {
    ...operation,
    path: `/admin/api-console/clients/{clientId}${operation.path}`,
    params: (operation.params ?? z.object({})).extend(ownClientParams.shape),
    query: (operation.query ?? z.object({})).extend(ownModeQuery.shape),
  };
}

export const apiConsoleWebhooksContract = {
  operations: Object.fromEntries(
    Object.entries(CONSOLE_NAMES).map(([partnerName, name]) => [
      name,
      forOwnClient(partnerOperations[partnerName as keyof typeof CONSOLE_NAMES]),
    ]),
  ) as Record<(typeof CONSOLE_NAMES)[keyof typeof CONSOLE_NAMES], OperationSchemas>,
  components: {},
};

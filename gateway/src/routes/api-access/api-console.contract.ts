import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { directoryPageQuery, pageInDataOf } from '../common/internal-components';
import { Client, keyIdParams, RotatedKeyBody, RotateRequest } from './api-access.contract';

// The tenant's API console (api-console.routes.ts); its named schemas and responses are the API-access
// console's (api-access.contract.ts). The words are in internal.texts.yaml.

export const apiConsoleContract = {
  operations: defineOperations({
    getApiConsole: {
      method: 'get',
      path: '/admin/api-console',
      query: directoryPageQuery,
      responses: { '200': pageInDataOf(z.strictObject({ tenantId: z.string(), clients: z.array(Client) })) },
    },
    rotateOwnApiKey: {
      method: 'post',
      path: '/admin/api-console/keys/{id}/rotate',
      params: keyIdParams,
      body: RotateRequest,
      responses: { '201': RotatedKeyBody },
    },
  }),
  components: {},
};

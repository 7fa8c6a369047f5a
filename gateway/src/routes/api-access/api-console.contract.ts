import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { directoryPageQuery, pageInDataOf } from '../common/internal-components';
import {
  ApiKeyBody,
  Client,
  clientIdParams,
  createApiKeyBody,
  IssuedKeyBody,
  keyIdParams,
  RotatedKeyBody,
  RotateRequest,
  updateApiKeyBody,
} from './api-access.contract';

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
    createOwnApiKey: {
      method: 'post',
      path: '/admin/api-console/clients/{id}/keys',
      params: clientIdParams,
      body: createApiKeyBody,
      bodyRequired: true,
      responses: { '201': IssuedKeyBody },
    },
    updateOwnApiKey: {
      method: 'put',
      path: '/admin/api-console/keys/{id}',
      params: keyIdParams,
      body: updateApiKeyBody,
      bodyRequired: true,
      responses: { '200': ApiKeyBody },
    },
    revokeOwnApiKey: {
      method: 'post',
      path: '/admin/api-console/keys/{id}/revoke',
      params: keyIdParams,
      responses: { '200': ApiKeyBody },
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

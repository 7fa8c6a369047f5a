import { z } from 'zod';
import { defineOperations } from '../openapi/contract';

// The internal document as JSON and its page (docs.routes.ts serves them as they are; the partner ones are
// in the partner contract). Their words are in internal.texts.yaml.

export const docsContract = {
  operations: defineOperations({
    getInternalOpenApiDocument: {
      method: 'get',
      path: '/openapi.json',
      responses: {
        '200': z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }),
      },
    },
    getInternalDocs: {
      method: 'get',
      path: '/docs',
      responses: { '200': { media: 'text/html', schema: z.string() } },
    },
  }),
  components: {},
};

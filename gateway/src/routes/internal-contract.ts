import { mergeContracts } from '../openapi/contract';

/**
 * The internal API's contract (internal.yaml is generated from it and internal.texts.yaml): each route
 * group's `contract.ts` declares its operations' schemas and its named schemas.
 *
 * While the document moves to zod, operations not declared here keep the schemas written in the texts.
 */
export const internalContract = mergeContracts([], {
  errorEnvelope: 'ErrorEnvelope',
  handWrittenAllowed: true,
});

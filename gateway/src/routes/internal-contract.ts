import { mergeContracts } from '../openapi/contract';
import { internalComponents } from './internal-components';

/**
 * The internal API's contract (internal.yaml is generated from it and internal.texts.yaml): each route
 * group's `contract.ts` declares its operations' schemas and its named schemas.
 *
 * While the document moves to zod, operations not declared here keep the schemas written in the texts.
 */
export const internalContract = mergeContracts([{ operations: {}, components: internalComponents }], {
  errorEnvelope: 'ErrorEnvelope',
  handWrittenAllowed: true,
});

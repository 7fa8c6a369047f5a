import type { DocumentContract } from '../../../openapi/contract';
import { partnerComponents } from './components';
import { Event } from './events';
import { partnerOperations } from './operations';
import { webhookOperationComponents } from './webhook-operations';

/** The partner API's contract: its operations' schemas and its named schemas (partner.yaml is built from it). */
export const partnerContract: DocumentContract = {
  operations: partnerOperations,
  components: { ...partnerComponents, Event, ...webhookOperationComponents },
  errorEnvelope: 'ErrorEnvelope',
};

export {
  type BookingResult,
  PartnerClient,
  type PartnerClientOptions,
  type RecoveryResult,
  type RedeliveryResult,
} from './client';
export { isPartnerApiError, PartnerApiError } from './errors';
export type { components, operations, paths } from './generated/partner-api';
export { parseRetryAfter, type RetryOptions } from './http';
export {
  type OfferJwk,
  type OfferKeySet,
  type OfferTokenClaims,
  type OfferTokenVerification,
  type VerifyOfferTokenOptions,
  verifyOfferToken,
} from './offer-tokens';
export { paginate } from './pagination';
export type * from './types';
export {
  constructWebhookEvent,
  signWebhookPayload,
  type VerifyWebhookOptions,
  verifyWebhookSignature,
  WebhookSignatureError,
  type WebhookSignatureFailure,
} from './webhooks';

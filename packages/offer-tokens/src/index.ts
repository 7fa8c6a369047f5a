export {
  createOfferTokenSigner,
  createOfferTokenVerifier,
  generateOfferKeyPair,
  type OfferClaims,
  type OfferTokenCheck,
  type OfferTokenSigner,
  type OfferTokenVerifier,
} from './offer-token';

export {
  createOfferKeyRing,
  type OfferJwk,
  type OfferKeyRing,
  offerJwkOf,
  publicKeyPemsIn,
  publishedOfferKeys,
} from './offer-keys';
export {
  createOfferTokenSigner,
  createOfferTokenVerifier,
  generateOfferKeyPair,
  type OfferClaims,
  type OfferTokenCheck,
  type OfferTokenSigner,
  type OfferTokenVerifier,
} from './offer-token';

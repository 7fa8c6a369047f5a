import { AppError, badRequest } from '@travel/errors';
import type { OfferClaims, OfferTokenVerifier } from '@travel/offer-tokens';
import type { Owner } from './booking';

const invalidToken = (message: string) => badRequest([{ path: 'offerToken', message }]);

/**
 * The offer a token carries, if this API client may book it: a malformed or tampered token, or one issued to
 * another client (of this tenant or another), tenant or environment, is `400 bad_request` (which of these is
 * not told); an expired one is `410 offer_expired` (gateway/openapi/partner.yaml, `POST /bookings`).
 */
export function checkOffer(verifier: OfferTokenVerifier, token: string, owner: Owner): OfferClaims {
  return checkBoundOffer(
    verifier,
    token,
    (claims) => ofTenant(claims, owner) && claims.clientId === owner.clientId,
  );
}

/** The offer of a token any client of the tenant searched: staff book offline for the tenant (no client). */
export function checkTenantOffer(verifier: OfferTokenVerifier, token: string, owner: Owner): OfferClaims {
  return checkBoundOffer(verifier, token, (claims) => ofTenant(claims, owner));
}

const ofTenant = (claims: OfferClaims, owner: Owner) =>
  !claims.storefront &&
  claims.tenantId === owner.tenantId &&
  claims.environment === (owner.livemode ? 'live' : 'test');

/** The offer of a storefront token (docs/decisions/bookings.md, "Storefront search": bound to the storefront; a partner's token is refused here). */
export function checkStorefrontOffer(verifier: OfferTokenVerifier, token: string): OfferClaims {
  return checkBoundOffer(verifier, token, (claims) => claims.storefront === true);
}

function checkBoundOffer(
  verifier: OfferTokenVerifier,
  token: string,
  boundToCaller: (claims: OfferClaims) => boolean,
): OfferClaims {
  const check = verifier.verify(token);
  if (!('claims' in check)) throw invalidToken('is not a valid offer token');
  if (!boundToCaller(check.claims)) throw invalidToken('is not a valid offer token');
  if (check.result === 'expired')
    throw new AppError(
      'offer_expired',
      `The offer token expired at ${check.expiresAt.toISOString()}; search again.`,
    );
  return check.claims;
}

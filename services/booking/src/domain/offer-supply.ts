import type { OfferClaims } from '@travel/offer-tokens';

/** The claims of an offer token with the claim search adds beside the offer (docs/offer-tokens.md: claims may be added). */
type SuppliedOffer = OfferClaims & { simulated?: unknown };

/**
 * Whether a booking of this offer reaches no supplier: the offer token says so itself (its claim `simulated`,
 * set by search from where its offers came; docs/decisions/sandbox.md, "Simulation is never silent"). A token
 * without the claim was signed before search set it, when every offer was simulated: it counts as simulated,
 * so a booking is never silently taken for a supplier's.
 */
export function isSimulatedOffer(offer: OfferClaims): boolean {
  return (offer as SuppliedOffer).simulated !== false;
}

import type { OfferClaims } from '@travel/offer-tokens';

/**
 * Whether a booking of this offer reaches no supplier: the offer says so itself (`simulated`, set by search
 * from where its offers came; docs/decisions/sandbox.md, "Simulation is never silent"). An offer without the
 * mark was signed before search set it, when every offer was simulated: it counts as simulated, so a booking
 * is never silently taken for a supplier's.
 */
export function isSimulatedOffer(offer: OfferClaims): boolean {
  return offer.offer.simulated !== false;
}

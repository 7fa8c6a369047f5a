/**
 * Where a search's offers come from, as the offer itself tells it: each offer token carries the claim
 * `simulated`, and the booking made from the token says what it says (docs/decisions/sandbox.md, "Simulation is never
 * silent"). A supplier adapter would finish its offers with `{ simulated: false }`.
 */
export interface OfferSupply {
  /** No supplier system stands behind the offers: booking one reaches no supplier. */
  simulated: boolean;
}

/** This service's own generated inventory (flight-, hotel- and car-inventory.ts): the only supply today. */
export const SIMULATED_INVENTORY: OfferSupply = { simulated: true };

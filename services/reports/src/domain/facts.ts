/** The services a report counts. */
export const SERVICES = ['flight', 'hotel', 'car'] as const;
export type Service = (typeof SERVICES)[number];

export function isService(value: string): value is Service {
  return (SERVICES as readonly string[]).includes(value);
}

/** The tenant of a storefront booking (a customer's, no tenant) in the read model. */
export const STOREFRONT = '';

/**
 * One booking or cancellation as the sales report counts it. `id` is `<booking id>:<kind>`: a booking is
 * made once and cancelled at most once, so a redelivered event (or the same fact under another event id)
 * lands on the same record and changes nothing.
 */
export interface SaleFact {
  id: string;
  eventId: string;
  kind: 'booking' | 'cancellation';
  /** `YYYY-MM-DD` in UTC of the event: a booking counts on the day it was made, a cancellation on its day. */
  day: string;
  service: Service;
  /** The tenant, or `STOREFRONT`. */
  tenantId: string;
  amount: number;
  destination: Destination;
  occurredAt: Date;
}

/** One storefront search; `id` is its event id. */
export interface SearchFact {
  id: string;
  day: string;
  service: Service;
  destination: Destination;
  occurredAt: Date;
}

/** A place as shown (`label`) and as counted (`key`: case and spacing folded). */
export interface Destination {
  label: string;
  key: string;
}

/** Flights name airports by IATA code (shown in capitals); hotel cities and car pick-ups as written. */
export function destinationOf(service: Service, place: string): Destination {
  const spaced = place.trim().replace(/\s+/g, ' ');
  const label = service === 'flight' && /^[a-z]{3}$/i.test(spaced) ? spaced.toUpperCase() : spaced;
  return { label, key: label.toLowerCase() };
}

/**
 * The destination a booking's route names (the partner API's `route`): flights `<from> → <to>`, hotels
 * `<hotel name>, <city>`, cars `<car name>, <pickup>`.
 */
export function destinationOfRoute(service: Service, route: string): Destination {
  const place = service === 'flight' ? route.split('→').pop() : route.slice(route.lastIndexOf(',') + 1);
  return destinationOf(service, place?.trim() || route);
}

/** The UTC calendar day of an instant. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

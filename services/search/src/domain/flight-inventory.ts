import { distanceKm, type Place } from './places';
import type { Cabin } from './search-queries';
import { type SeededRandom, seededRandom } from './seeded-random';

/** A flight offer as the simulated supplier answers it: everything but the token and the tenant's price. */
export interface FlightDraft {
  airline: string;
  flightNumber: string;
  from: string;
  to: string;
  date: string;
  departTime: string;
  arriveTime: string;
  duration: string;
  stops: number;
  fareType: string;
  refundable: boolean;
  cabin: Cabin;
  baggage: { cabinKg: number; checkInKg: number };
  pricePerAdult: number;
  adults: number;
  subtotal: number;
  currency: 'INR';
}

export interface FlightLeg {
  from: Place;
  to: Place;
  date: string;
  adults: number;
  cabin: Cabin;
}

interface Airline {
  name: string;
  code: string;
  /** Range of its flight numbers. */
  numbers: [number, number];
  /** A foreign carrier connects at its hub unless the route starts or ends there. */
  hub?: string;
}

const INDIAN: readonly Airline[] = [
  { name: 'IndiGo', code: '6E', numbers: [100, 6999] },
  { name: 'Air India', code: 'AI', numbers: [100, 999] },
  { name: 'Vistara', code: 'UK', numbers: [800, 999] },
  { name: 'SpiceJet', code: 'SG', numbers: [100, 999] },
  { name: 'Akasa Air', code: 'QP', numbers: [1100, 1999] },
  { name: 'Air India Express', code: 'IX', numbers: [100, 2999] },
];
const FOREIGN: readonly Airline[] = [
  { name: 'Emirates', code: 'EK', numbers: [500, 599], hub: 'DXB' },
  { name: 'Qatar Airways', code: 'QR', numbers: [500, 599], hub: 'DOH' },
  { name: 'Etihad Airways', code: 'EY', numbers: [200, 299], hub: 'AUH' },
  { name: 'Singapore Airlines', code: 'SQ', numbers: [400, 599], hub: 'SIN' },
  { name: 'British Airways', code: 'BA', numbers: [100, 299], hub: 'LHR' },
  { name: 'Lufthansa', code: 'LH', numbers: [750, 799], hub: 'FRA' },
];

const BAGGAGE: Record<Cabin, { cabinKg: number; checkInKg: number }> = {
  economy: { cabinKg: 7, checkInKg: 15 },
  premium: { cabinKg: 7, checkInKg: 25 },
  business: { cabinKg: 10, checkInKg: 35 },
};
const CABIN_FACTOR: Record<Cabin, number> = { economy: 1, premium: 1.7, business: 3.4 };
const FARES = [
  { fareType: 'saver', refundable: false, factor: 1 },
  { fareType: 'flexi', refundable: true, factor: 1.18 },
  { fareType: 'corporate', refundable: true, factor: 1.3 },
] as const;

/** 6 to 10 offers for one leg, a pure function of route, date and cabin (adults only multiply). */
export function generateFlights(leg: FlightLeg): FlightDraft[] {
  const random = seededRandom(`flight|${leg.from.code}|${leg.to.code}|${leg.date}|${leg.cabin}`);
  const km = distanceKm(leg.from, leg.to);
  const domestic = leg.from.domestic && leg.to.domestic;
  const airlines = domestic ? INDIAN : [...INDIAN.slice(0, 3), ...FOREIGN];
  const count = random.int(6, 10);
  const used = new Set<string>();
  const offers: FlightDraft[] = [];
  for (let i = 0; i < count; i++) {
    const airline = random.pick(airlines);
    const flightNumber = uniqueFlightNumber(random, airline, used);
    const viaHub = airline.hub !== undefined && airline.hub !== leg.from.code && airline.hub !== leg.to.code;
    const stops = Math.max(viaHub ? 1 : 0, stopsFor(random, km));
    const minutes = blockMinutes(km, stops, random);
    const depart = random.int(5 * 12, 23 * 12 + 6) * 5;
    const fare = random.pick(FARES);
    const pricePerAdult = farePerAdult(random, km, stops, fare.factor * CABIN_FACTOR[leg.cabin]);
    offers.push({
      airline: airline.name,
      flightNumber,
      from: leg.from.code,
      to: leg.to.code,
      date: leg.date,
      departTime: clock(depart),
      arriveTime: clock(depart + minutes),
      duration: `${Math.floor(minutes / 60)}h ${minutes % 60}m`,
      stops,
      fareType: fare.fareType,
      refundable: fare.refundable,
      cabin: leg.cabin,
      baggage: { ...BAGGAGE[leg.cabin] },
      pricePerAdult,
      adults: leg.adults,
      subtotal: pricePerAdult * leg.adults,
      currency: 'INR',
    });
  }
  // `HH:MM` strings order by their code units; localeCompare (ICU collation) cost a few % of a search.
  return offers.sort((a, b) => (a.departTime < b.departTime ? -1 : a.departTime > b.departTime ? 1 : 0));
}

function uniqueFlightNumber(random: SeededRandom, airline: Airline, used: Set<string>): string {
  let number = random.int(airline.numbers[0], airline.numbers[1]);
  while (used.has(`${airline.code} ${number}`))
    number = number >= airline.numbers[1] ? airline.numbers[0] : number + 1;
  const flightNumber = `${airline.code} ${number}`;
  used.add(flightNumber);
  return flightNumber;
}

/** Short hops are almost always non-stop; long routes more often connect, at most twice. */
function stopsFor(random: SeededRandom, km: number): number {
  const roll = random.next();
  if (km < 900) return roll < 0.85 ? 0 : 1;
  return roll < 0.55 ? 0 : roll < 0.9 ? 1 : 2;
}

/** Taxi and climb plus cruise at about 800 km/h, and a 95 to 180 minute connection per stop; 5-minute steps. */
function blockMinutes(km: number, stops: number, random: SeededRandom): number {
  let minutes = 35 + Math.round((km * 1.05 * 60) / 800 / 5) * 5;
  for (let stop = 0; stop < stops; stop++) minutes += 40 + random.int(11, 28) * 5;
  return minutes;
}

/** A base of 1,500 plus 3.5 per km, −20 % to +30 %, connections a little cheaper; whole rupees. */
function farePerAdult(random: SeededRandom, km: number, stops: number, factor: number): number {
  const base = (1500 + km * 3.5) * (0.8 + random.next() * 0.5) * (1 - stops * 0.07);
  return Math.round((base * factor) / 10) * 10 - 1;
}

/** `HH:MM` on a 24-hour clock; an arrival after midnight wraps (the next day). */
function clock(totalMinutes: number): string {
  const minutes = totalMinutes % 1440;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

import type { pricing, search } from '@travel/contracts';
import { displayTimestamp } from '@travel/partner-formats';
import type { z } from 'zod';
import type { CarResult, FlightOffer, HotelResult, Price } from './partner-contract/components';

// Proto messages → the partner API's JSON shapes, typed by the contract's response schemas (partner.yaml is
// generated from them). A proto string that is one of a closed set (a currency, a cabin) is cast to it: the
// service's own types say which values it sends.

type Shape<S extends z.ZodType> = z.output<S>;
const INR = 'INR' as const;

/** A service's timestamp as partners read it, `YYYY-MM-DD HH:MM:SS` in UTC (packages/partner-formats). */
export function formatCreatedAt(at: Date | undefined): string {
  if (!at) throw new Error('a service answered a record without its timestamp');
  return displayTimestamp(at);
}

export function presentPrice(price: pricing.Price | undefined): Shape<typeof Price> {
  if (!price) throw new Error('a service answered no price');
  return {
    baseAmount: price.baseAmount,
    tax: price.tax,
    fee: price.fee,
    total: price.total,
    currency: price.currency as typeof INR,
  };
}

export function presentFlight(offer: search.FlightOffer): Shape<typeof FlightOffer> {
  return {
    airline: offer.airline,
    flightNumber: offer.flightNumber,
    from: offer.from,
    to: offer.to,
    date: offer.date,
    departTime: offer.departTime,
    arriveTime: offer.arriveTime,
    duration: offer.duration,
    stops: offer.stops,
    fareType: offer.fareType,
    refundable: offer.refundable,
    cabin: offer.cabin as Shape<typeof FlightOffer>['cabin'],
    baggage: { cabinKg: offer.baggage?.cabinKg ?? 0, checkInKg: offer.baggage?.checkInKg ?? 0 },
    pricePerAdult: offer.pricePerAdult,
    adults: offer.adults,
    subtotal: offer.subtotal,
    currency: offer.currency as typeof INR,
    offerToken: offer.offerToken,
    price: presentPrice(offer.price),
  };
}

export function presentHotel(hotel: search.HotelResult): Shape<typeof HotelResult> {
  return {
    id: hotel.id,
    name: hotel.name,
    stars: hotel.stars,
    area: hotel.area,
    city: hotel.city,
    rating: hotel.rating,
    amenities: hotel.amenities,
    freeCancellation: hotel.freeCancellation,
    checkIn: hotel.checkIn,
    checkOut: hotel.checkOut,
    nights: hotel.nights,
    rooms: hotel.rooms,
    guests: hotel.guests,
    pricePerNight: hotel.pricePerNight,
    subtotal: hotel.subtotal,
    currency: hotel.currency as typeof INR,
    offerToken: hotel.offerToken,
    price: presentPrice(hotel.price),
  };
}

export function presentCar(car: search.CarResult): Shape<typeof CarResult> {
  return {
    name: car.name,
    type: car.type,
    transmission: car.transmission,
    seats: car.seats,
    pickup: car.pickup,
    from: car.from,
    until: car.until,
    days: car.days,
    pricePerDay: car.pricePerDay,
    subtotal: car.subtotal,
    unlimitedKm: car.unlimitedKm,
    currency: car.currency as typeof INR,
    offerToken: car.offerToken,
    price: presentPrice(car.price),
  };
}

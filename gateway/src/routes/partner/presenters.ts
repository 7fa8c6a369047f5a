import type { pricing, search } from '@travel/contracts';
import { displayTimestamp } from '@travel/partner-formats';

// Proto messages → the partner API's JSON shapes (partner.yaml).

/** A service's timestamp as partners read it, `YYYY-MM-DD HH:MM:SS` in UTC (partner-api.md §2). */
export function formatCreatedAt(at: Date | undefined): string {
  if (!at) throw new Error('a service answered a record without its timestamp');
  return displayTimestamp(at);
}

export function presentPrice(price: pricing.Price | undefined) {
  if (!price) throw new Error('a service answered no price');
  return {
    baseAmount: price.baseAmount,
    tax: price.tax,
    fee: price.fee,
    total: price.total,
    currency: price.currency,
  };
}

export function presentFlight(offer: search.FlightOffer) {
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
    cabin: offer.cabin,
    baggage: { cabinKg: offer.baggage?.cabinKg ?? 0, checkInKg: offer.baggage?.checkInKg ?? 0 },
    pricePerAdult: offer.pricePerAdult,
    adults: offer.adults,
    subtotal: offer.subtotal,
    currency: offer.currency,
    offerToken: offer.offerToken,
    price: presentPrice(offer.price),
  };
}

export function presentHotel(hotel: search.HotelResult) {
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
    currency: hotel.currency,
    offerToken: hotel.offerToken,
    price: presentPrice(hotel.price),
  };
}

export function presentCar(car: search.CarResult) {
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
    currency: car.currency,
    offerToken: car.offerToken,
    price: presentPrice(car.price),
  };
}

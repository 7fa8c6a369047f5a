import { badRequest, type FieldProblem } from '@travel/errors';
import { parseDay, todayOf } from './calendar-days';
import { findPlace, type Place } from './places';

export const CABINS = ['economy', 'premium', 'business'] as const;
export type Cabin = (typeof CABINS)[number];

export interface FlightQuery {
  from: Place;
  to: Place;
  departDate: string;
  returnDate: string | undefined;
  adults: number;
  cabin: Cabin;
}

export interface HotelQuery {
  city: Place;
  checkIn: string;
  checkOut: string;
  nights: number;
  rooms: number;
  guests: number;
}

export interface CarQuery {
  place: Place;
  /** The pickup as answered: the city, or its airport when an IATA code was sent. */
  pickup: string;
  from: string;
  until: string;
  days: number;
  driverAge: number;
}

/** Collects one problem per field, so a request hears about every mistake at once. */
class Problems {
  readonly list: FieldProblem[] = [];
  constructor(private readonly today: number) {}

  add(path: string, message: string): void {
    this.list.push({ path, message });
  }

  /** A real calendar day, not before today; its day number, or undefined after recording why not. */
  day(path: string, value: string): number | undefined {
    if (!value) return this.none(path, 'is required');
    const day = parseDay(value);
    if (day === undefined) return this.none(path, 'must be a real calendar day in the form YYYY-MM-DD');
    if (day < this.today) return this.none(path, 'must not be in the past');
    return day;
  }

  place(path: string, value: string): Place | undefined {
    if (!value.trim()) return this.none(path, 'is required');
    return findPlace(value) ?? this.none(path, 'unknown airport or city');
  }

  range(path: string, value: number, min: number, max: number): void {
    if (!Number.isInteger(value) || value < min || value > max)
      this.add(path, `must be an integer from ${min} to ${max}`);
  }

  throwIfAny(): void {
    if (this.list.length > 0) throw badRequest(this.list);
  }

  private none(path: string, message: string): undefined {
    this.add(path, message);
    return undefined;
  }
}

export interface FlightRequest {
  from: string;
  to: string;
  departDate: string;
  returnDate?: string | undefined;
  adults: number;
  cabin: string;
}

/** Flights: `from`, `to` and `departDate` required; a return not before the departure; different places. */
export function checkFlightQuery(request: FlightRequest, now: Date): FlightQuery {
  const problems = new Problems(todayOf(now));
  const from = problems.place('from', request.from);
  const to = problems.place('to', request.to);
  if (from && to && from.code === to.code) problems.add('to', 'must differ from from');
  const depart = problems.day('departDate', request.departDate);
  const back = request.returnDate === undefined ? undefined : problems.day('returnDate', request.returnDate);
  if (depart !== undefined && back !== undefined && back < depart)
    problems.add('returnDate', 'must not be before departDate');
  problems.range('adults', request.adults, 1, 9);
  if (!isCabin(request.cabin)) problems.add('cabin', `must be one of ${CABINS.join(', ')}`);
  problems.throwIfAny();
  return {
    from: from as Place,
    to: to as Place,
    departDate: request.departDate,
    returnDate: request.returnDate,
    adults: request.adults,
    cabin: request.cabin as Cabin,
  };
}

export interface HotelRequest {
  city: string;
  checkIn: string;
  checkOut: string;
  rooms: number;
  guests: number;
}

/** Hotels: `city`, `checkIn` and `checkOut` required; at least one night. */
export function checkHotelQuery(request: HotelRequest, now: Date): HotelQuery {
  const problems = new Problems(todayOf(now));
  const city = problems.place('city', request.city);
  const checkIn = problems.day('checkIn', request.checkIn);
  const checkOut = problems.day('checkOut', request.checkOut);
  if (checkIn !== undefined && checkOut !== undefined && checkOut <= checkIn)
    problems.add('checkOut', 'must be after checkIn');
  problems.range('rooms', request.rooms, 1, 5);
  problems.range('guests', request.guests, 1, 12);
  problems.throwIfAny();
  return {
    city: city as Place,
    checkIn: request.checkIn,
    checkOut: request.checkOut,
    nights: (checkOut as number) - (checkIn as number),
    rooms: request.rooms,
    guests: request.guests,
  };
}

export interface CarRequest {
  pickup: string;
  from: string;
  until: string;
  driverAge: number;
}

/** Cars: `pickup`, `from` and `until` required; a same-day rental is allowed and counts one day. */
export function checkCarQuery(request: CarRequest, now: Date): CarQuery {
  const problems = new Problems(todayOf(now));
  const place = problems.place('pickup', request.pickup);
  const from = problems.day('from', request.from);
  const until = problems.day('until', request.until);
  if (from !== undefined && until !== undefined && until < from)
    problems.add('until', 'must not be before from');
  problems.range('driverAge', request.driverAge, 18, 99);
  problems.throwIfAny();
  const atAirport = (place as Place).code === request.pickup.trim().toUpperCase();
  return {
    place: place as Place,
    pickup: atAirport ? `${(place as Place).city} Airport (${(place as Place).code})` : (place as Place).city,
    from: request.from,
    until: request.until,
    days: Math.max(1, (until as number) - (from as number)),
    driverAge: request.driverAge,
  };
}

function isCabin(value: string): value is Cabin {
  return (CABINS as readonly string[]).includes(value);
}

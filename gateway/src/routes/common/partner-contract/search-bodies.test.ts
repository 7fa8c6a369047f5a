import { AppError } from '@travel/errors';
import { documented } from '@travel/testkit';
import type { z } from 'zod';
import { validateAcross } from '../../../http/validate-across';
import { carSearchBody, flightSearchBody, hotelSearchBody } from './operations';
import { searchDateOrder } from './search-date-order';

// What the gateway refuses of a search body, as the search routes check it (search-routes.ts): every rule of
// the document's `400` list but the places, which the search service judges
// (services/search/src/domain/search-queries.test.ts names the same sentences for those).
const PAST = '2020-01-01';
const LATER = '2099-06-10';
const EARLIER = '2099-06-01';

/** The fields one `400 bad_request` names for this body, in the order they are listed. */
function pathsOf(
  schema: z.ZodType,
  order: (body: unknown) => { path: string; message: string }[],
  body: unknown,
) {
  try {
    validateAcross(schema, body, [order]);
    return [];
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'bad_request') throw error;
    // A field not listed is named in the message of the body's entry.
    return (error.details ?? [])
      .map((problem) => (problem.path === 'body' ? `body: ${problem.message}` : problem.path))
      .sort();
  }
}

describe('a search body the gateway refuses', () => {
  it('when a flight search breaks each rule, then one details entry per failing field', () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`400 bad_request`, one `details` entry per failing field: a missing `from`, `to` or `departDate`; an unknown city or airport; a `to` that is the same place as `from`; a date that is not an existing `YYYY-MM-DD` day; a date in the past; a `returnDate` before `departDate`; `adults` outside 1 to 9; a `cabin` other than those listed; a field not listed here.',
    );
    const paths = (body: unknown) => pathsOf(flightSearchBody, searchDateOrder.flights, body);
    expect(paths({})).toEqual(['departDate', 'from', 'to']);
    expect(
      paths({ from: 'DEL', to: 'BOM', departDate: '2099-02-30', adults: 0, cabin: 'steerage', pets: 1 }),
    ).toEqual(['adults', 'body: Unrecognized key: "pets"', 'cabin', 'departDate']);
    expect(paths({ from: 'DEL', to: 'BOM', departDate: PAST, adults: 10 })).toEqual(['adults', 'departDate']);
    expect(paths({ from: 'DEL', to: 'BOM', departDate: LATER, returnDate: EARLIER })).toEqual(['returnDate']);
    expect(
      paths({ from: 'DEL', to: 'BOM', departDate: LATER, returnDate: LATER, adults: 9, cabin: 'business' }),
    ).toEqual([]);
  });

  it('when a hotel search breaks each rule, then one details entry per failing field', () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`400 bad_request`, one `details` entry per failing field: a missing `city`, `checkIn` or `checkOut`; an unknown city; a date that is not an existing `YYYY-MM-DD` day; a date in the past; a `checkOut` not after `checkIn`; `rooms` outside 1 to 5; `guests` outside 1 to 12; a field not listed here.',
    );
    const paths = (body: unknown) => pathsOf(hotelSearchBody, searchDateOrder.hotels, body);
    expect(paths({})).toEqual(['checkIn', 'checkOut', 'city']);
    expect(
      paths({ city: 'Goa', checkIn: PAST, checkOut: '2099-02-30', rooms: 6, guests: 13, pool: true }),
    ).toEqual(['body: Unrecognized key: "pool"', 'checkIn', 'checkOut', 'guests', 'rooms']);
    expect(paths({ city: 'Goa', checkIn: LATER, checkOut: LATER, rooms: 0, guests: 0 })).toEqual([
      'checkOut',
      'guests',
      'rooms',
    ]);
    expect(paths({ city: 'Goa', checkIn: EARLIER, checkOut: LATER, rooms: 5, guests: 12 })).toEqual([]);
  });

  it('when a car search breaks each rule, then one details entry per failing field', () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`400 bad_request`, one `details` entry per failing field: a missing `pickup`, `from` or `until`; an unknown city or airport; a date that is not an existing `YYYY-MM-DD` day; a date in the past; an `until` before `from`; `driverAge` outside 18 to 99; a field not listed here.',
    );
    const paths = (body: unknown) => pathsOf(carSearchBody, searchDateOrder.cars, body);
    expect(paths({})).toEqual(['from', 'pickup', 'until']);
    expect(paths({ pickup: 'Pune', from: PAST, until: '2099-02-30', driverAge: 17, gps: true })).toEqual([
      'body: Unrecognized key: "gps"',
      'driverAge',
      'from',
      'until',
    ]);
    expect(paths({ pickup: 'Pune', from: LATER, until: EARLIER, driverAge: 100 })).toEqual([
      'driverAge',
      'until',
    ]);
    expect(paths({ pickup: 'Pune', from: LATER, until: LATER, driverAge: 18 })).toEqual([]);
  });
});

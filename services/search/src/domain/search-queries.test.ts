import { AppError } from '@travel/errors';
import { documented } from '@travel/testkit';
import { checkCarQuery, checkFlightQuery, checkHotelQuery } from './search-queries';

const now = new Date('2026-11-21T23:30:00Z');
const flight = { from: 'DEL', to: 'BOM', departDate: '2026-12-05', adults: 1, cabin: 'economy' };
const hotel = { city: 'Goa', checkIn: '2026-12-05', checkOut: '2026-12-06', rooms: 1, guests: 2 };
const car = { pickup: 'Pune', from: '2026-12-05', until: '2026-12-07', driverAge: 30 };

/** The field problems of a refused query, or [] when it passed. */
function problemsOf(check: () => unknown) {
  try {
    check();
    return [];
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'bad_request') throw error;
    return error.details ?? [];
  }
}
const pathsOf = (check: () => unknown) => problemsOf(check).map((problem) => problem.path);

describe('flight query rules', () => {
  it.each([
    [0, ['adults']],
    [1, []],
    [9, []],
    [10, ['adults']],
  ])('when adults is %i, then the problems are %j', (adults, paths) => {
    expect(pathsOf(() => checkFlightQuery({ ...flight, adults }, now))).toEqual(paths);
  });

  it('when from and to are a city and a code in any case, then both answer as IATA codes', () => {
    const query = checkFlightQuery({ ...flight, from: ' new delhi ', to: 'bom' }, now);
    expect([query.from.code, query.to.code]).toEqual(['DEL', 'BOM']);
    expect(checkFlightQuery({ ...flight, from: 'Bangalore', to: 'LONDON' }, now).to.code).toBe('LHR');
  });

  it('when from or to is unknown or missing, then each is named', () => {
    // The places are the search service's to judge; the gateway's rules: gateway/src/routes/common/partner-contract/search-bodies.test.ts.
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`400 bad_request`, one `details` entry per failing field: a missing `from`, `to` or `departDate`; an unknown city or airport; a `to` that is the same place as `from`; a date that is not an existing `YYYY-MM-DD` day; a date in the past; a `returnDate` before `departDate`; `adults` outside 1 to 9; a `cabin` other than those listed; a field not listed here.',
    );
    expect(problemsOf(() => checkFlightQuery({ ...flight, from: 'Atlantis', to: '' }, now))).toEqual([
      { path: 'from', message: 'unknown airport or city' },
      { path: 'to', message: 'is required' },
    ]);
  });

  it('when from and to are the same airport (by city or code), then to is refused', () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`400 bad_request`, one `details` entry per failing field: a missing `from`, `to` or `departDate`; an unknown city or airport; a `to` that is the same place as `from`; a date that is not an existing `YYYY-MM-DD` day; a date in the past; a `returnDate` before `departDate`; `adults` outside 1 to 9; a `cabin` other than those listed; a field not listed here.',
    );
    expect(pathsOf(() => checkFlightQuery({ ...flight, from: 'Mumbai', to: 'BOM' }, now))).toEqual(['to']);
  });

  it('when the cabin is not one of the three, then cabin is refused', () => {
    expect(pathsOf(() => checkFlightQuery({ ...flight, cabin: 'first' }, now))).toEqual(['cabin']);
  });

  it.each(['2027-02-30', '2026-13-01', '05-12-2026', '2026-12-5', ''])(
    'when departDate is %j, then it is refused',
    (departDate) => {
      expect(pathsOf(() => checkFlightQuery({ ...flight, departDate }, now))).toEqual(['departDate']);
    },
  );

  it('when departDate is yesterday (UTC), then it is in the past; today is accepted', () => {
    expect(problemsOf(() => checkFlightQuery({ ...flight, departDate: '2026-11-20' }, now))).toEqual([
      { path: 'departDate', message: 'must not be in the past' },
    ]);
    expect(pathsOf(() => checkFlightQuery({ ...flight, departDate: '2026-11-21' }, now))).toEqual([]);
    expect(pathsOf(() => checkFlightQuery({ ...flight, departDate: '2028-02-29' }, now))).toEqual([]);
  });

  it('when returnDate is before departDate, then returnDate is refused; the same day is a round trip', () => {
    expect(pathsOf(() => checkFlightQuery({ ...flight, returnDate: '2026-12-04' }, now))).toEqual([
      'returnDate',
    ]);
    expect(checkFlightQuery({ ...flight, returnDate: '2026-12-05' }, now).returnDate).toBe('2026-12-05');
  });

  it('when several fields are wrong, then every one is named once', () => {
    const request = {
      from: 'X',
      to: 'BOM',
      departDate: '2027-02-30',
      returnDate: 'soon',
      adults: 10,
      cabin: '',
    };
    expect(pathsOf(() => checkFlightQuery(request, now))).toEqual([
      'from',
      'departDate',
      'returnDate',
      'adults',
      'cabin',
    ]);
  });
});

describe('hotel query rules', () => {
  it.each([
    [0, ['rooms']],
    [1, []],
    [5, []],
    [6, ['rooms']],
  ])('when rooms is %i, then the problems are %j', (rooms, paths) => {
    expect(pathsOf(() => checkHotelQuery({ ...hotel, rooms }, now))).toEqual(paths);
  });

  it.each([
    [0, ['guests']],
    [1, []],
    [12, []],
    [13, ['guests']],
  ])('when guests is %i, then the problems are %j', (guests, paths) => {
    expect(pathsOf(() => checkHotelQuery({ ...hotel, guests }, now))).toEqual(paths);
  });

  it('when checkOut equals or precedes checkIn, then checkOut is refused; one day later is one night', () => {
    expect(problemsOf(() => checkHotelQuery({ ...hotel, checkOut: '2026-12-05' }, now))).toEqual([
      { path: 'checkOut', message: 'must be after checkIn' },
    ]);
    expect(pathsOf(() => checkHotelQuery({ ...hotel, checkOut: '2026-12-01' }, now))).toEqual(['checkOut']);
    expect(checkHotelQuery(hotel, now).nights).toBe(1);
    expect(checkHotelQuery({ ...hotel, checkIn: '2026-12-30', checkOut: '2027-01-02' }, now).nights).toBe(3);
  });

  it('when the city is unknown, in the past or impossible, then each field is named', () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`400 bad_request`, one `details` entry per failing field: a missing `city`, `checkIn` or `checkOut`; an unknown city; a date that is not an existing `YYYY-MM-DD` day; a date in the past; a `checkOut` not after `checkIn`; `rooms` outside 1 to 5; `guests` outside 1 to 12; a field not listed here.',
    );
    const request = { ...hotel, city: 'Gotham', checkIn: '2026-11-01', checkOut: '2027-02-30' };
    expect(pathsOf(() => checkHotelQuery(request, now))).toEqual(['city', 'checkIn', 'checkOut']);
  });
});

describe('car query rules', () => {
  it.each([
    [17, ['driverAge']],
    [18, []],
    [99, []],
    [100, ['driverAge']],
  ])('when driverAge is %i, then the problems are %j', (driverAge, paths) => {
    expect(pathsOf(() => checkCarQuery({ ...car, driverAge }, now))).toEqual(paths);
  });

  it('when until equals from, then it is a one-day rental; until before from is refused', () => {
    expect(checkCarQuery({ ...car, until: car.from }, now).days).toBe(1);
    expect(checkCarQuery(car, now).days).toBe(2);
    expect(problemsOf(() => checkCarQuery({ ...car, until: '2026-12-04' }, now))).toEqual([
      { path: 'until', message: 'must not be before from' },
    ]);
  });

  it('when pickup is a city or an airport code, then it answers the city or its airport', () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`400 bad_request`, one `details` entry per failing field: a missing `pickup`, `from` or `until`; an unknown city or airport; a date that is not an existing `YYYY-MM-DD` day; a date in the past; an `until` before `from`; `driverAge` outside 18 to 99; a field not listed here.',
    );
    expect(checkCarQuery({ ...car, pickup: 'pune' }, now).pickup).toBe('Pune');
    expect(checkCarQuery({ ...car, pickup: 'pnq' }, now).pickup).toBe('Pune Airport (PNQ)');
    expect(pathsOf(() => checkCarQuery({ ...car, pickup: 'Narnia', from: '2027-02-30' }, now))).toEqual([
      'pickup',
      'from',
    ]);
  });
});

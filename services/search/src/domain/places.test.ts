import { findPlace, PLACES } from './places';

describe('places', () => {
  it.each([
    ['Delhi', 'DEL'],
    ['mumbai', 'BOM'],
    ['Bengaluru', 'BLR'],
    ['BANGALORE', 'BLR'],
    ['Chennai', 'MAA'],
    ['Kolkata', 'CCU'],
    ['Hyderabad', 'HYD'],
    ['goa', 'GOI'],
    ['Kuala  Lumpur', 'KUL'],
    ['dxb', 'DXB'],
    ['Singapore', 'SIN'],
    ['London', 'LHR'],
  ])('when %j is looked up, then it is the airport %s', (input, code) => {
    expect(findPlace(input)?.code).toBe(code);
  });

  it('when the table is read, then it has at least 25 Indian and 10 other cities, each code and name once', () => {
    expect(PLACES.filter((place) => place.domestic).length).toBeGreaterThanOrEqual(25);
    expect(PLACES.filter((place) => !place.domestic).length).toBeGreaterThanOrEqual(10);
    const names = PLACES.flatMap((place) => [place.code.toLowerCase(), place.city.toLowerCase()]);
    expect(new Set(names).size).toBe(names.length);
    for (const place of PLACES) expect(place.code).toMatch(/^[A-Z]{3}$/);
  });

  it('when a name is unknown, then there is no place', () => {
    expect(findPlace('Atlantis')).toBeUndefined();
    expect(findPlace('')).toBeUndefined();
  });
});

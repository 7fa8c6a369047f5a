import { searchDateOrder } from './search-date-order';

describe("a search's date order", () => {
  it('when the dates are in order, then nothing is found; a same-day return or rental is in order, a same-day check-out is not', () => {
    expect(searchDateOrder.flights({ departDate: '2030-01-02', returnDate: '2030-01-02' })).toEqual([]);
    expect(searchDateOrder.cars({ from: '2030-01-02', until: '2030-01-05' })).toEqual([]);
    expect(searchDateOrder.hotels({ checkIn: '2030-01-02', checkOut: '2030-01-02' })).toEqual([
      { path: 'checkOut', message: 'must be after checkIn' },
    ]);
  });

  it("when the later date comes first, then it is named with the search service's words", () => {
    expect(searchDateOrder.flights({ departDate: '2030-01-02', returnDate: '2030-01-01' })).toEqual([
      { path: 'returnDate', message: 'must not be before departDate' },
    ]);
    expect(searchDateOrder.cars({ from: '2030-01-02', until: '2029-12-31' })).toEqual([
      { path: 'until', message: 'must not be before from' },
    ]);
  });

  it('when either date is not a real day, or the body is no object, then the order is not judged', () => {
    expect(searchDateOrder.flights({ departDate: '2030-02-30', returnDate: '2030-01-01' })).toEqual([]);
    expect(searchDateOrder.flights({ departDate: '2030-01-02', returnDate: [[]] })).toEqual([]);
    expect(searchDateOrder.hotels(null)).toEqual([]);
  });
});

import { routeOf, todayOf, travelDateOf } from './booking';

describe('booking route and date', () => {
  it('when the offer is a flight, hotel or car, then route and date follow the partner API document', () => {
    const flight = { from: 'DEL', to: 'BOM', date: '2026-12-21' };
    const hotel = { name: 'Taj Palace', city: 'Delhi', checkIn: '2026-12-21', checkOut: '2026-12-23' };
    const car = { name: 'Swift', pickup: 'Goa', from: '2026-12-21', until: '2026-12-24' };
    expect([routeOf('flight', flight), travelDateOf('flight', flight)]).toEqual(['DEL → BOM', '2026-12-21']);
    expect([routeOf('hotel', hotel), travelDateOf('hotel', hotel)]).toEqual([
      'Taj Palace, Delhi',
      '2026-12-21',
    ]);
    expect([routeOf('car', car), travelDateOf('car', car)]).toEqual(['Swift, Goa', '2026-12-21']);
  });

  it('when the signed offer lacks a field, then it fails loudly instead of booking a blank route', () => {
    expect(() => routeOf('flight', { from: 'DEL' })).toThrow();
  });

  it('when it is late evening in India, then today is still the UTC day search uses', () => {
    expect(todayOf(new Date('2026-11-21T20:00:00Z'))).toBe('2026-11-21');
  });
});

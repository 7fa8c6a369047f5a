import { generateFlights } from './flight-inventory';
import { findPlace, type Place } from './places';

const place = (name: string) => findPlace(name) as Place;
const leg = {
  from: place('DEL'),
  to: place('BOM'),
  date: '2026-12-05',
  adults: 2,
  cabin: 'economy' as const,
};
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

describe('flight inventory', () => {
  it('when the same leg is generated twice, then the offers are byte-identical', () => {
    expect(JSON.stringify(generateFlights(leg))).toBe(JSON.stringify(generateFlights({ ...leg })));
  });

  it('when the date, route or cabin differs, then the offers differ', () => {
    const base = JSON.stringify(generateFlights(leg).map(({ date: _date, ...offer }) => offer));
    const otherDay = generateFlights({ ...leg, date: '2026-12-06' }).map(
      ({ date: _date, ...offer }) => offer,
    );
    expect(JSON.stringify(otherDay)).not.toBe(base);
    expect(generateFlights({ ...leg, to: place('BLR') })).not.toEqual(generateFlights(leg));
    const business = generateFlights({ ...leg, cabin: 'business' });
    expect(business.map((offer) => offer.flightNumber)).not.toEqual(
      generateFlights(leg).map((o) => o.flightNumber),
    );
  });

  it('when offers are generated for many routes and dates, then every offer is plausible and consistent', () => {
    const routes = [
      ['DEL', 'BOM'],
      ['BLR', 'CCU'],
      ['MAA', 'DXB'],
      ['HYD', 'LHR'],
      ['GOI', 'JFK'],
    ];
    for (const [from, to] of routes)
      for (let day = 1; day <= 20; day++) {
        const date = `2027-01-${String(day).padStart(2, '0')}`;
        const offers = generateFlights({
          ...leg,
          from: place(from as string),
          to: place(to as string),
          date,
        });
        expect(offers.length).toBeGreaterThanOrEqual(6);
        expect(offers.length).toBeLessThanOrEqual(10);
        expect(new Set(offers.map((offer) => offer.flightNumber)).size).toBe(offers.length);
        for (const offer of offers) {
          const [, hours, minutes] = /^(\d+)h (\d+)m$/.exec(offer.duration) ?? [];
          const duration = Number(hours) * 60 + Number(minutes);
          expect((minutesOf(offer.departTime) + duration) % 1440).toBe(minutesOf(offer.arriveTime));
          expect(offer.flightNumber).toMatch(/^[0-9A-Z]{2} \d{3,4}$/);
          expect(offer.stops).toBeGreaterThanOrEqual(0);
          expect(offer.stops).toBeLessThanOrEqual(2);
          expect(offer).toMatchObject({ from, to, date, currency: 'INR', adults: 2 });
          expect(offer.subtotal).toBe(offer.pricePerAdult * 2);
          expect(Number.isInteger(offer.pricePerAdult) && offer.pricePerAdult > 0).toBe(true);
          expect(offer.refundable).toBe(offer.fareType !== 'saver');
        }
      }
  });

  it('when a flight connects, then it takes longer than the non-stop flights of the same route', () => {
    const offers = generateFlights({ ...leg, from: place('MAA'), to: place('LHR') });
    const minutes = (stops: number) =>
      offers.filter((offer) => offer.stops === stops).map((offer) => offer.duration);
    const longestDirect = Math.max(...minutes(0).map((d) => Number(d.split('h')[0])));
    for (const duration of minutes(1))
      expect(Number(duration.split('h')[0])).toBeGreaterThanOrEqual(longestDirect);
  });

  it('when the cabin changes, then baggage and price level follow it', () => {
    const baggageOf = (cabin: 'economy' | 'premium' | 'business') =>
      generateFlights({ ...leg, cabin }).map((offer) => offer.baggage);
    expect(new Set(baggageOf('economy').map((b) => JSON.stringify(b)))).toEqual(
      new Set(['{"cabinKg":7,"checkInKg":15}']),
    );
    expect(baggageOf('premium')[0]).toEqual({ cabinKg: 7, checkInKg: 25 });
    expect(baggageOf('business')[0]).toEqual({ cabinKg: 10, checkInKg: 35 });
    const cheapest = (cabin: 'economy' | 'business') =>
      Math.min(...generateFlights({ ...leg, cabin }).map((offer) => offer.pricePerAdult));
    expect(cheapest('business')).toBeGreaterThan(cheapest('economy') * 2);
  });
});

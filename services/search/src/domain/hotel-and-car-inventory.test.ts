import { generateCars } from './car-inventory';
import { generateHotels } from './hotel-inventory';
import { findPlace, type Place } from './places';

const goa = findPlace('Goa') as Place;
const hotelQuery = {
  city: goa,
  checkIn: '2026-12-05',
  checkOut: '2026-12-08',
  nights: 3,
  rooms: 2,
  guests: 3,
};
const carQuery = {
  place: goa,
  pickup: 'Goa',
  from: '2026-12-05',
  until: '2026-12-05',
  days: 1,
  driverAge: 30,
};

describe('hotel inventory', () => {
  it('when the same stay is generated twice, then the results are byte-identical; other dates differ', () => {
    expect(JSON.stringify(generateHotels(hotelQuery))).toBe(
      JSON.stringify(generateHotels({ ...hotelQuery })),
    );
    const later = { ...hotelQuery, checkIn: '2026-12-06', checkOut: '2026-12-09' };
    expect(generateHotels(later).map((h) => h.pricePerNight)).not.toEqual(
      generateHotels(hotelQuery).map((h) => h.pricePerNight),
    );
  });

  it('when results are generated, then each has a stable htl_ id, a plausible rating and subtotal = night × nights × rooms', () => {
    const results = generateHotels(hotelQuery);
    expect(results.length).toBeGreaterThanOrEqual(6);
    expect(results.length).toBeLessThanOrEqual(10);
    expect(new Set(results.map((hotel) => hotel.id)).size).toBe(results.length);
    for (const hotel of results) {
      expect(hotel.id).toMatch(/^htl_[0-9a-z]+$/);
      expect(hotel.stars).toBeGreaterThanOrEqual(2);
      expect(hotel.stars).toBeLessThanOrEqual(5);
      expect(hotel.rating * 10).toBe(Math.round(hotel.rating * 10));
      expect(hotel.rating).toBeGreaterThanOrEqual(3);
      expect(hotel.rating).toBeLessThanOrEqual(4.9);
      expect(goa.areas).toContain(hotel.area);
      expect(hotel).toMatchObject({ city: 'Goa', nights: 3, rooms: 2, guests: 3, currency: 'INR' });
      expect(hotel.subtotal).toBe(hotel.pricePerNight * 3 * 2);
    }
  });
});

describe('car inventory', () => {
  it('when the same rental is generated twice, then the results are byte-identical; another pickup differs', () => {
    expect(JSON.stringify(generateCars(carQuery))).toBe(JSON.stringify(generateCars({ ...carQuery })));
    const pune = { ...carQuery, place: findPlace('Pune') as Place, pickup: 'Pune' };
    expect(generateCars(pune)).not.toEqual(generateCars(carQuery));
  });

  it('when results are generated, then subtotal = day price × days and a young driver pays more', () => {
    const results = generateCars({ ...carQuery, until: '2026-12-09', days: 4 });
    expect(results.length).toBeGreaterThanOrEqual(5);
    expect(results.length).toBeLessThanOrEqual(8);
    for (const car of results) {
      expect(['hatchback', 'sedan', 'SUV', 'MUV']).toContain(car.type);
      expect(['manual', 'automatic']).toContain(car.transmission);
      expect(car.subtotal).toBe(car.pricePerDay * 4);
    }
    const young = generateCars({ ...carQuery, driverAge: 22 });
    const adult = generateCars(carQuery);
    expect(young.map((car) => car.name)).toEqual(adult.map((car) => car.name));
    young.forEach((car, i) => {
      expect(car.pricePerDay).toBeGreaterThan((adult[i] as { pricePerDay: number }).pricePerDay);
    });
  });
});

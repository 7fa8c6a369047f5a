import type { HotelQuery } from './search-queries';
import { hashKey, seededRandom } from './seeded-random';

/** A hotel result as the simulated supplier answers it: everything but the token and the tenant's price. */
export interface HotelDraft {
  id: string;
  name: string;
  stars: number;
  area: string;
  city: string;
  rating: number;
  amenities: string[];
  freeCancellation: boolean;
  checkIn: string;
  checkOut: string;
  nights: number;
  rooms: number;
  guests: number;
  pricePerNight: number;
  subtotal: number;
  currency: 'INR';
}

const BRANDS: readonly { name: string; stars: number }[] = [
  { name: 'Taj', stars: 5 },
  { name: 'The Oberoi', stars: 5 },
  { name: 'ITC', stars: 5 },
  { name: 'The Leela', stars: 5 },
  { name: 'JW Marriott', stars: 5 },
  { name: 'Hyatt Regency', stars: 5 },
  { name: 'Radisson Blu', stars: 4 },
  { name: 'Novotel', stars: 4 },
  { name: 'Courtyard by Marriott', stars: 4 },
  { name: 'Vivanta', stars: 4 },
  { name: 'Holiday Inn', stars: 4 },
  { name: 'Lemon Tree Premier', stars: 4 },
  { name: 'Lemon Tree', stars: 3 },
  { name: 'ibis', stars: 3 },
  { name: 'Fortune Inn', stars: 3 },
  { name: 'Keys Select', stars: 3 },
  { name: 'Ginger', stars: 3 },
  { name: 'Treebo', stars: 2 },
  { name: 'FabHotel', stars: 2 },
  { name: 'OYO Townhouse', stars: 2 },
];

const AMENITIES_BY_STARS: Record<number, readonly string[]> = {
  2: ['wifi', 'air conditioning', 'room service', 'parking'],
  3: ['wifi', 'air conditioning', 'breakfast', 'restaurant', 'parking', 'airport shuttle'],
  4: ['wifi', 'breakfast', 'restaurant', 'gym', 'pool', 'bar', 'parking', 'airport shuttle'],
  5: ['wifi', 'breakfast', 'restaurant', 'gym', 'pool', 'spa', 'bar', 'concierge', 'airport shuttle'],
};
const NIGHTLY_BY_STARS: Record<number, [number, number]> = {
  2: [1400, 2800],
  3: [2800, 5200],
  4: [5000, 9500],
  5: [9000, 21000],
};

/** 6 to 10 hotels, a pure function of city and dates; a hotel keeps its id across searches. */
export function generateHotels(query: HotelQuery): HotelDraft[] {
  const { city } = query;
  const random = seededRandom(`hotel|${city.code}|${query.checkIn}|${query.checkOut}`);
  const count = random.int(6, 10);
  const pairs = random.sample(BRANDS, count).map((brand) => ({ brand, area: random.pick(city.areas) }));
  return pairs.map(({ brand, area }) => {
    const [low, high] = NIGHTLY_BY_STARS[brand.stars] as [number, number];
    const pricePerNight = Math.round((random.int(low, high) * (city.domestic ? 1 : 2.2)) / 10) * 10;
    const amenities = AMENITIES_BY_STARS[brand.stars] as readonly string[];
    return {
      id: `htl_${hashKey(`${city.code}|${brand.name}|${area}`).toString(36)}`,
      name: `${brand.name} ${area}`,
      stars: brand.stars,
      area,
      city: city.city,
      rating: (28 + brand.stars * 2 + random.int(0, 9)) / 10,
      amenities: amenities.filter((_, i) => i < 2 || random.chance(0.7)),
      freeCancellation: random.chance(brand.stars >= 4 ? 0.7 : 0.45),
      checkIn: query.checkIn,
      checkOut: query.checkOut,
      nights: query.nights,
      rooms: query.rooms,
      guests: query.guests,
      pricePerNight,
      subtotal: pricePerNight * query.nights * query.rooms,
      currency: 'INR',
    };
  });
}

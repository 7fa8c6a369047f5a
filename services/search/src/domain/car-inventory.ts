import type { CarQuery } from './search-queries';
import { seededRandom } from './seeded-random';

/** A car result as the simulated supplier answers it: everything but the token and the tenant's price. */
export interface CarDraft {
  name: string;
  type: string;
  transmission: string;
  seats: number;
  pickup: string;
  from: string;
  until: string;
  days: number;
  pricePerDay: number;
  subtotal: number;
  unlimitedKm: boolean;
  currency: 'INR';
}

type CarType = 'hatchback' | 'sedan' | 'SUV' | 'MUV';

const MODELS: readonly { name: string; type: CarType; seats: number }[] = [
  { name: 'Maruti Suzuki Swift', type: 'hatchback', seats: 5 },
  { name: 'Hyundai i20', type: 'hatchback', seats: 5 },
  { name: 'Tata Tiago', type: 'hatchback', seats: 5 },
  { name: 'Maruti Suzuki Baleno', type: 'hatchback', seats: 5 },
  { name: 'Honda City', type: 'sedan', seats: 5 },
  { name: 'Hyundai Verna', type: 'sedan', seats: 5 },
  { name: 'Maruti Suzuki Dzire', type: 'sedan', seats: 5 },
  { name: 'Skoda Slavia', type: 'sedan', seats: 5 },
  { name: 'Hyundai Creta', type: 'SUV', seats: 5 },
  { name: 'Kia Seltos', type: 'SUV', seats: 5 },
  { name: 'Mahindra XUV700', type: 'SUV', seats: 7 },
  { name: 'Toyota Fortuner', type: 'SUV', seats: 7 },
  { name: 'Mahindra Scorpio-N', type: 'SUV', seats: 7 },
  { name: 'Toyota Innova Crysta', type: 'MUV', seats: 7 },
  { name: 'Maruti Suzuki Ertiga', type: 'MUV', seats: 7 },
  { name: 'Kia Carens', type: 'MUV', seats: 7 },
];
const DAILY_BY_TYPE: Record<CarType, [number, number]> = {
  hatchback: [1200, 2000],
  sedan: [1800, 3000],
  SUV: [2800, 5500],
  MUV: [2600, 4200],
};
/** Under 25 pays a young-driver surcharge (a common rental rule), so driverAge changes the offers. */
const YOUNG_DRIVER_AGE = 25;
const YOUNG_DRIVER_FACTOR = 1.15;

/** 5 to 8 cars, a pure function of pickup and dates; the driver's age only adds its surcharge. */
export function generateCars(query: CarQuery): CarDraft[] {
  const random = seededRandom(`car|${query.pickup.toLowerCase()}|${query.from}|${query.until}`);
  const count = random.int(5, 8);
  const surcharge = query.driverAge < YOUNG_DRIVER_AGE ? YOUNG_DRIVER_FACTOR : 1;
  const abroad = query.place.domestic ? 1 : 2.5;
  return random.sample(MODELS, count).map((model) => {
    const [low, high] = DAILY_BY_TYPE[model.type];
    const pricePerDay = Math.round((random.int(low, high) * abroad * surcharge) / 10) * 10;
    return {
      name: model.name,
      type: model.type,
      transmission:
        model.type === 'hatchback' && random.chance(0.6) ? 'manual' : random.pick(['manual', 'automatic']),
      seats: model.seats,
      pickup: query.pickup,
      from: query.from,
      until: query.until,
      days: query.days,
      pricePerDay,
      subtotal: pricePerDay * query.days,
      unlimitedKm: random.chance(0.5),
      currency: 'INR',
    };
  });
}

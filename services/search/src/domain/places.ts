/** One city of the simulated inventory with its main airport; `areas` are where its hotels are. */
export interface Place {
  /** IATA code of the city's airport. */
  code: string;
  city: string;
  domestic: boolean;
  lat: number;
  lon: number;
  areas: readonly string[];
  /** Other names people type for the city. */
  aliases?: readonly string[];
}

const INDIA: readonly Place[] = [
  {
    code: 'DEL',
    city: 'Delhi',
    domestic: true,
    lat: 28.56,
    lon: 77.1,
    areas: ['Connaught Place', 'Aerocity', 'Karol Bagh', 'Paharganj', 'Saket', 'Nehru Place'],
    aliases: ['New Delhi'],
  },
  {
    code: 'BOM',
    city: 'Mumbai',
    domestic: true,
    lat: 19.09,
    lon: 72.87,
    areas: ['Andheri East', 'Bandra West', 'Colaba', 'Juhu', 'Lower Parel', 'Powai'],
    aliases: ['Bombay'],
  },
  {
    code: 'BLR',
    city: 'Bengaluru',
    domestic: true,
    lat: 13.2,
    lon: 77.71,
    areas: ['MG Road', 'Indiranagar', 'Koramangala', 'Whitefield', 'Hebbal', 'Electronic City'],
    aliases: ['Bangalore'],
  },
  {
    code: 'MAA',
    city: 'Chennai',
    domestic: true,
    lat: 12.99,
    lon: 80.17,
    areas: ['T. Nagar', 'Egmore', 'Guindy', 'Nungambakkam', 'OMR'],
    aliases: ['Madras'],
  },
  {
    code: 'CCU',
    city: 'Kolkata',
    domestic: true,
    lat: 22.65,
    lon: 88.45,
    areas: ['Park Street', 'Salt Lake', 'New Town', 'Esplanade', 'Ballygunge'],
    aliases: ['Calcutta'],
  },
  {
    code: 'HYD',
    city: 'Hyderabad',
    domestic: true,
    lat: 17.24,
    lon: 78.43,
    areas: ['Banjara Hills', 'HITEC City', 'Gachibowli', 'Begumpet', 'Jubilee Hills'],
  },
  {
    code: 'GOI',
    city: 'Goa',
    domestic: true,
    lat: 15.38,
    lon: 73.83,
    areas: ['Calangute', 'Panaji', 'Candolim', 'Baga', 'Colva'],
  },
  {
    code: 'AMD',
    city: 'Ahmedabad',
    domestic: true,
    lat: 23.07,
    lon: 72.63,
    areas: ['Navrangpura', 'SG Highway', 'Ashram Road', 'Satellite'],
  },
  {
    code: 'PNQ',
    city: 'Pune',
    domestic: true,
    lat: 18.58,
    lon: 73.92,
    areas: ['Koregaon Park', 'Hinjewadi', 'Viman Nagar', 'Shivajinagar'],
  },
  {
    code: 'COK',
    city: 'Kochi',
    domestic: true,
    lat: 10.15,
    lon: 76.4,
    areas: ['Fort Kochi', 'Marine Drive', 'Edappally', 'Kakkanad'],
    aliases: ['Cochin'],
  },
  {
    code: 'JAI',
    city: 'Jaipur',
    domestic: true,
    lat: 26.82,
    lon: 75.81,
    areas: ['MI Road', 'C-Scheme', 'Amer', 'Malviya Nagar'],
  },
  {
    code: 'LKO',
    city: 'Lucknow',
    domestic: true,
    lat: 26.76,
    lon: 80.89,
    areas: ['Hazratganj', 'Gomti Nagar', 'Aliganj'],
  },
  {
    code: 'GAU',
    city: 'Guwahati',
    domestic: true,
    lat: 26.11,
    lon: 91.59,
    areas: ['Paltan Bazaar', 'GS Road', 'Dispur'],
  },
  {
    code: 'TRV',
    city: 'Thiruvananthapuram',
    domestic: true,
    lat: 8.48,
    lon: 76.92,
    areas: ['Kovalam', 'Thampanoor', 'Vellayambalam'],
    aliases: ['Trivandrum'],
  },
  {
    code: 'IXC',
    city: 'Chandigarh',
    domestic: true,
    lat: 30.67,
    lon: 76.79,
    areas: ['Sector 17', 'Sector 35', 'Industrial Area'],
  },
  {
    code: 'PAT',
    city: 'Patna',
    domestic: true,
    lat: 25.59,
    lon: 85.09,
    areas: ['Fraser Road', 'Boring Road', 'Kankarbagh'],
  },
  {
    code: 'BBI',
    city: 'Bhubaneswar',
    domestic: true,
    lat: 20.24,
    lon: 85.82,
    areas: ['Saheed Nagar', 'Patia', 'Janpath'],
  },
  {
    code: 'NAG',
    city: 'Nagpur',
    domestic: true,
    lat: 21.09,
    lon: 79.05,
    areas: ['Sitabuldi', 'Dharampeth', 'Wardha Road'],
  },
  {
    code: 'IDR',
    city: 'Indore',
    domestic: true,
    lat: 22.72,
    lon: 75.8,
    areas: ['Vijay Nagar', 'Palasia', 'Rajwada'],
  },
  {
    code: 'SXR',
    city: 'Srinagar',
    domestic: true,
    lat: 33.99,
    lon: 74.77,
    areas: ['Dal Lake', 'Rajbagh', 'Lal Chowk'],
  },
  {
    code: 'VNS',
    city: 'Varanasi',
    domestic: true,
    lat: 25.45,
    lon: 82.86,
    areas: ['Assi Ghat', 'Cantonment', 'Godowlia'],
    aliases: ['Banaras'],
  },
  {
    code: 'ATQ',
    city: 'Amritsar',
    domestic: true,
    lat: 31.71,
    lon: 74.8,
    areas: ['Golden Temple', 'Ranjit Avenue', 'Lawrence Road'],
  },
  {
    code: 'IXB',
    city: 'Bagdogra',
    domestic: true,
    lat: 26.68,
    lon: 88.33,
    areas: ['Siliguri', 'Sevoke Road'],
  },
  {
    code: 'CJB',
    city: 'Coimbatore',
    domestic: true,
    lat: 11.03,
    lon: 77.04,
    areas: ['RS Puram', 'Gandhipuram', 'Avinashi Road'],
  },
  {
    code: 'UDR',
    city: 'Udaipur',
    domestic: true,
    lat: 24.62,
    lon: 73.9,
    areas: ['Lake Pichola', 'Fateh Sagar', 'Hiran Magri'],
  },
  {
    code: 'IXZ',
    city: 'Port Blair',
    domestic: true,
    lat: 11.64,
    lon: 92.73,
    areas: ['Aberdeen Bazaar', "Corbyn's Cove"],
  },
  {
    code: 'VTZ',
    city: 'Visakhapatnam',
    domestic: true,
    lat: 17.72,
    lon: 83.22,
    areas: ['Beach Road', 'Dwaraka Nagar', 'Rushikonda'],
    aliases: ['Vizag'],
  },
];

const ABROAD: readonly Place[] = [
  {
    code: 'DXB',
    city: 'Dubai',
    domestic: false,
    lat: 25.25,
    lon: 55.36,
    areas: ['Deira', 'Bur Dubai', 'Dubai Marina', 'Downtown Dubai', 'Jumeirah'],
  },
  {
    code: 'SIN',
    city: 'Singapore',
    domestic: false,
    lat: 1.36,
    lon: 103.99,
    areas: ['Marina Bay', 'Orchard', 'Little India', 'Sentosa', 'Chinatown'],
  },
  {
    code: 'LHR',
    city: 'London',
    domestic: false,
    lat: 51.47,
    lon: -0.45,
    areas: ['Kensington', 'Paddington', 'Westminster', 'Heathrow', 'Canary Wharf'],
  },
  {
    code: 'BKK',
    city: 'Bangkok',
    domestic: false,
    lat: 13.69,
    lon: 100.75,
    areas: ['Sukhumvit', 'Silom', 'Riverside', 'Pratunam'],
  },
  {
    code: 'KUL',
    city: 'Kuala Lumpur',
    domestic: false,
    lat: 2.75,
    lon: 101.71,
    areas: ['Bukit Bintang', 'KLCC', 'Chinatown'],
  },
  {
    code: 'DOH',
    city: 'Doha',
    domestic: false,
    lat: 25.27,
    lon: 51.61,
    areas: ['West Bay', 'The Pearl', 'Msheireb'],
  },
  {
    code: 'AUH',
    city: 'Abu Dhabi',
    domestic: false,
    lat: 24.43,
    lon: 54.65,
    areas: ['Corniche', 'Yas Island', 'Saadiyat'],
  },
  {
    code: 'JFK',
    city: 'New York',
    domestic: false,
    lat: 40.64,
    lon: -73.78,
    areas: ['Midtown', 'Times Square', 'Lower Manhattan', 'Brooklyn'],
  },
  {
    code: 'FRA',
    city: 'Frankfurt',
    domestic: false,
    lat: 50.04,
    lon: 8.56,
    areas: ['Innenstadt', 'Sachsenhausen', 'Messe'],
  },
  {
    code: 'CDG',
    city: 'Paris',
    domestic: false,
    lat: 49.01,
    lon: 2.55,
    areas: ['Le Marais', 'Montmartre', 'Saint-Germain', 'La Défense'],
  },
  {
    code: 'KTM',
    city: 'Kathmandu',
    domestic: false,
    lat: 27.7,
    lon: 85.36,
    areas: ['Thamel', 'Durbar Marg', 'Lazimpat'],
  },
  {
    code: 'CMB',
    city: 'Colombo',
    domestic: false,
    lat: 7.18,
    lon: 79.88,
    areas: ['Colombo Fort', 'Kollupitiya', 'Mount Lavinia'],
  },
];

export const PLACES: readonly Place[] = [...INDIA, ...ABROAD];

/** Every place by its code, city and aliases (lower case); a later name wins, as the list is ordered. */
const byName: ReadonlyMap<string, Place> = new Map(
  PLACES.flatMap((place) =>
    [place.code, place.city, ...(place.aliases ?? [])].map((name) => [name.toLowerCase(), place] as const),
  ),
);

/** An IATA code (any case) or a city name (any case, extra spaces ignored); undefined when unknown. */
export function findPlace(input: string): Place | undefined {
  return byName.get(input.trim().replace(/\s+/g, ' ').toLowerCase());
}

/** Great-circle distance in km between two airports: it sets flight times and fares. */
export function distanceKm(a: Place, b: Place): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

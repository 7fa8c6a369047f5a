import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { CarResult, FlightOffer, HotelResult, Place } from '../common/partner-contract/components';
import {
  carSearchBody,
  dataOf,
  flightSearchBody,
  hotelSearchBody,
  searchSimulated as simulated,
} from '../common/partner-contract/operations';

// The storefront searches' schemas: the partner API's bodies (search.routes.ts validates with them) and
// offers, priced with the platform default margin and each with its automatic discount line. Their words are
// in internal.texts.yaml.

const rupees = (min: number, description?: string) =>
  z
    .number()
    .int()
    .min(min)
    .meta(description ? { description } : {});

export const OfferPrice = z
  .strictObject({
    baseAmount: rupees(0),
    tax: rupees(0),
    fee: rupees(0),
    total: rupees(0),
    currency: z.literal('INR'),
  })
  .meta({
    description:
      'The storefront price in whole rupees, with the platform default margin (the formula of `POST /api/v1/pricing/quote`):\n' +
      '`baseAmount = round(subtotal × (10000 + marginBps) / 10000)`, `tax` and `fee` on `baseAmount`,\n' +
      '`total = baseAmount + tax + fee`.\n',
  });

export const StorefrontDiscountLine = z
  .strictObject({
    id: z.string().regex(/^dsc_/).meta({ description: 'The discount.' }),
    name: z.string(),
    amount: rupees(1, 'Whole rupees off `price.total`.'),
    total: rupees(0, 'What is left to pay: `price.total − amount`.'),
  })
  .nullable()
  .meta({
    description:
      "The storefront's automatic discount on this price (`/discounts/b2c`: audience `b2c`, active, valid\n" +
      'now, for this service or `all`, `minAmount` reached; the one taking the most off, discounts do not\n' +
      'stack), or null when none applies. The booking applies the discount valid when it is made.\n',
  });

/** What the storefront adds to a partner offer: its own token, price and discount line. */
const storefrontPricing = {
  offerToken: z.string().min(1).meta({
    description: 'Bound to the storefront; book it with `POST /bookings` within 15 minutes.',
  }),
  price: OfferPrice,
  discount: StorefrontDiscountLine,
};

export const StorefrontFlightOffer = FlightOffer.extend({
  refundable: z
    .boolean()
    .meta({ description: 'A cancel of this booking refunds everything paid when true.' }),
  ...storefrontPricing,
});
export const StorefrontHotelResult = HotelResult.extend(storefrontPricing);
export const StorefrontCarResult = CarResult.extend(storefrontPricing);

const flightResults = z.strictObject({
  simulated,
  onward: z.array(StorefrontFlightOffer),
  return: z.array(StorefrontFlightOffer).optional().meta({ description: 'Only when `returnDate` was sent.' }),
});
const hotelResults = z.strictObject({
  simulated,
  nights: z.number().int().min(1),
  results: z.array(StorefrontHotelResult),
});
const carResults = z.strictObject({
  simulated,
  days: z.number().int().min(1),
  results: z.array(StorefrontCarResult),
});

export const storefrontSearchContract = {
  operations: defineOperations({
    storefrontSearchFlights: {
      method: 'post',
      path: '/search/flights',
      body: flightSearchBody,
      bodyRequired: true,
      responses: { '200': dataOf(flightResults) },
    },
    storefrontSearchHotels: {
      method: 'post',
      path: '/search/hotels',
      body: hotelSearchBody,
      bodyRequired: true,
      responses: { '200': dataOf(hotelResults) },
    },
    storefrontSearchCars: {
      method: 'post',
      path: '/search/cars',
      body: carSearchBody,
      bodyRequired: true,
      responses: { '200': dataOf(carResults) },
    },
  }),
  components: {
    SearchPlace: Place,
    OfferPrice,
    StorefrontDiscountLine,
    StorefrontFlightOffer,
    StorefrontHotelResult,
    StorefrontCarResult,
  },
};

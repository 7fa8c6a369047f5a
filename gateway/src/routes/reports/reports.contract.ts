import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { completeListOf } from '../common/internal-components';
import { isoDay, nonBlank } from '../common/params';
import { dataOf } from '../common/partner-contract/operations';

// The report routes' schemas (reports.routes.ts validates with them); their words are in internal.texts.yaml.

const ReportedService = z.enum(['flight', 'hotel', 'car']);
const day = z.string().meta({ format: 'date' });
const place = nonBlank(100);
const date = (description: string) => isoDay.meta({ format: 'date', description });

/** `POST /api/search-logs`: what the storefront searched; no personal data is accepted. */
export const searchLogBody = z.strictObject({
  service: ReportedService,
  from: place.meta({ description: 'Flights: the origin.' }).optional(),
  to: place
    .meta({
      description: 'Flights: the destination (required for `flight`).',
      'x-rule': 'required for flight',
    })
    .optional(),
  city: place
    .meta({ description: 'Hotels: the city (required for `hotel`).', 'x-rule': 'required for hotel' })
    .optional(),
  pickup: place
    .meta({ description: 'Cars: the pick-up place (required for `car`).', 'x-rule': 'required for car' })
    .optional(),
  startDate: date('Departure, check-in or pick-up day.').optional(),
  endDate: date('Return, check-out or drop-off day.').optional(),
});

const LoggedSearch = z.strictObject({
  id: z.string().meta({ description: "The log's event id (`evt_…`)." }),
  service: ReportedService,
  destination: z.string(),
  at: z.iso.datetime(),
});

/** The period, service and tenant of a report (the sales and the popular destinations). */
export const salesQuery = z.strictObject({
  from: date('First day of the period (UTC), `YYYY-MM-DD`; default 29 days before `to`.').optional(),
  to: date('Last day of the period (UTC), `YYYY-MM-DD`, not before `from`; default today.')
    .meta({ 'x-rule': 'on or after from, at most 366 days after it' })
    .optional(),
  service: ReportedService.optional().meta({ description: 'Only this service.' }),
  tenantId: nonBlank(100)
    .optional()
    .meta({
      description:
        'Platform staff: one tenant (`ten_…`, unknown is `404`) or `storefront` (bookings without a tenant);\n' +
        'absent: everyone. Tenant staff: their own tenant only (another is `404`).\n',
    }),
});

export const destinationsQuery = salesQuery.extend({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(10)
    .meta({ description: 'How many destinations, 1 to 100 (default 10).' }),
});

export const SalesFigures = z.strictObject({
  bookings: z.number().int().min(0),
  bookedAmount: z.number().int().meta({ description: 'Whole rupees.' }),
  cancellations: z.number().int().min(0),
  cancelledAmount: z.number().int().meta({ description: 'Whole rupees.' }),
  netBookings: z.number().int().meta({ description: 'bookings − cancellations.' }),
  netAmount: z.number().int().meta({ description: 'bookedAmount − cancelledAmount.' }),
});

const SalesRow = z.strictObject({
  day,
  service: ReportedService,
  tenantId: z.string().nullable(),
  ...SalesFigures.shape,
});

const Sales = z.strictObject({
  from: day,
  to: day,
  service: ReportedService.nullable(),
  tenantId: z
    .string()
    .nullable()
    .meta({ description: 'The tenant reported on, `storefront`, or null for everyone.' }),
  currency: z.literal('INR'),
  rows: z.array(SalesRow).meta({
    description: 'By day, then service, then tenant (storefront first); days without facts are left out.',
  }),
  totals: SalesFigures,
});

const PopularDestination = z.strictObject({
  service: ReportedService,
  destination: z.string(),
  bookings: z.number().int().min(0),
  searches: z.number().int().min(0),
});

export const reportsContract = {
  operations: defineOperations({
    logSearch: {
      method: 'post',
      path: '/search-logs',
      body: searchLogBody,
      bodyRequired: true,
      responses: { '201': dataOf(LoggedSearch) },
    },
    getSales: { method: 'get', path: '/admin/sales', query: salesQuery, responses: { '200': dataOf(Sales) } },
    getPopularDestinations: {
      method: 'get',
      path: '/admin/analytics/popular-destinations',
      query: destinationsQuery,
      responses: { '200': completeListOf(PopularDestination) },
    },
  }),
  components: { SalesFigures },
};

import { tagOfFamilies } from '../../../openapi/tags';
import type { partnerOperations } from './operations';

type OperationId = keyof typeof partnerOperations;

/**
 * The partner document's route families (their order and one-line descriptions: the top-level `tags` of
 * partner.texts.yaml). Events stand apart from Webhooks: a feed
 * read on demand, not an endpoint to manage (same scope). The offer keys are Search's: they verify the
 * `offerToken`s a search returns (docs/decisions/openapi-tags.md).
 */
export const partnerTagOf = tagOfFamilies<OperationId>({
  Health: ['getHealth', 'getOpenApiDocument', 'getDocs'],
  Account: ['getMe'],
  Search: ['searchFlights', 'searchHotels', 'searchCars', 'getOfferKeys'],
  Pricing: ['getPriceQuote'],
  Bookings: ['createBooking', 'listBookings', 'getBooking', 'quoteCancellation', 'cancelBooking'],
  Invoices: ['listInvoices', 'getInvoice'],
  Webhooks: [
    'registerWebhook',
    'listWebhooks',
    'updateWebhook',
    'deleteWebhook',
    'listWebhookDeliveries',
    'redeliverWebhookDelivery',
    'pingWebhook',
    'rotateWebhookSecret',
    'recoverWebhookDeliveries',
  ],
  Events: ['listEvents', 'getEvent'],
});

import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { dataOf } from '../common/partner-contract/operations';

// The payment providers' webhook (payment-webhooks.routes.ts); words in internal.texts.yaml.

export const paymentWebhookParams = z.object({
  gatewayId: z
    .string()
    .regex(/^pgw_[0-9]{1,15}$/)
    .meta({ description: 'The payment gateway whose webhook secret signs the events.', examples: ['pgw_3'] }),
});

// The body and signature reach billing as received (it checks both): these schemas document them, the
// route does not parse the body with them.
const stripeSignature = z.object({
  'Stripe-Signature': z.string().min(1).max(2000).meta({
    description: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, as Stripe sends it.',
    'x-rule': "signed with the gateway's webhook secret over the raw body, in the last five minutes",
  }),
});
const stripeEvent = z
  .object({
    id: z.string().meta({ examples: ['evt_3Pq'] }),
    type: z.string().meta({ examples: ['payment_intent.succeeded'] }),
    data: z.object({ object: z.object({}) }),
  })
  .meta({ description: 'A Stripe event as Stripe sends it; verified over its raw bytes.' });

const PaymentWebhookReceipt = dataOf(
  z.strictObject({
    received: z.literal(true),
    eventId: z.string(),
    bookingId: z
      .string()
      .nullable()
      .meta({ description: 'The booking whose payment moved; null for other events.' }),
    paymentStatus: z
      .enum(['pending', 'captured', 'failed'])
      .nullable()
      .meta({ description: 'The payment after the event; null for other events.' }),
  }),
);

export const paymentWebhooksContract = {
  operations: defineOperations({
    receivePaymentWebhook: {
      method: 'post',
      path: '/webhooks/payments/{gatewayId}',
      params: paymentWebhookParams,
      headers: stripeSignature,
      body: stripeEvent,
      bodyRequired: true,
      responses: { '200': PaymentWebhookReceipt },
    },
  }),
  components: {},
};

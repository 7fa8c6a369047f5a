import { z } from 'zod';
import { timestamp, WebhookEventType } from './components';
import { webhookEvents, webhookUrl } from './webhook-fields';

// The schemas of the webhook operations routes (`GET /webhooks/{id}/deliveries`, redeliver, ping, `PATCH
// /webhooks/{id}`); operations.ts names them per operation. A change carries every rule the request decides
// (webhook-fields.ts); where its host resolves and a cursor this list issued are the service's to judge.

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const WebhookAttempt = z
  .strictObject({
    at: timestamp('When the attempt was sent (UTC).'),
    statusCode: z.number().int().nullable().meta({
      description: "The receiver's HTTP status; null on a timeout, a connection error or a refused target.",
    }),
    latencyMs: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'From sending to the status line, in milliseconds.' }),
    responseBody: z.string().nullable().meta({
      description: "The first bytes (at most 1 KiB) of the receiver's answer; null with no answer.",
    }),
    error: z
      .string()
      .nullable()
      .meta({ description: 'Why there was no answer (timeout, connection error, `target refused: ...`).' }),
    succeeded: z.boolean().meta({ description: 'A 2xx within 5 seconds.' }),
    manual: z.boolean().meta({ description: 'Made by a redeliver request (outside the retry schedule).' }),
  })
  .meta({ description: 'One attempt of a delivery (or of a ping).' });

export const WebhookDelivery = z.strictObject({
  id: z
    .string()
    .regex(/^whd_[A-Za-z0-9]+_[1-9][0-9]*$/)
    .meta({ description: 'The `X-Partner-Delivery` header; a redelivery keeps it.' }),
  eventId: z.string().regex(/^evt_/),
  eventType: WebhookEventType,
  status: z.enum(DELIVERY_STATUSES).meta({
    description:
      '`pending` (retries left), `succeeded` (a 2xx), `failed` (the retries ran out, or the endpoint was\n' +
      'disabled while it was pending). `POST /webhooks/{id}/recover` sends every `failed` one again.\n',
  }),
  createdAt: timestamp('When the event was taken in for this endpoint (UTC).'),
  attempts: z.array(WebhookAttempt).meta({ description: 'Every attempt made, oldest first.' }),
  nextAttemptAt: timestamp('When the next scheduled attempt is due (UTC).')
    .nullable()
    .meta({ description: 'When the next scheduled attempt is due (UTC); null once the delivery is over.' }),
  held: z.boolean().meta({
    description:
      "true while the endpoint's circuit breaker holds this pending delivery: attempts to the endpoint\n" +
      'failed or timed out several times in a row, so its deliveries wait, none attempted, until\n' +
      '`nextAttemptAt`, when one of them probes the endpoint (a 2xx releases the others). Waiting uses\n' +
      'up no retry.\n',
  }),
});

export const WebhookRedelivery = z.strictObject({
  attempt: WebhookAttempt,
  delivery: WebhookDelivery,
});

export const WebhookPing = z.strictObject({
  eventId: z
    .string()
    .regex(/^evt_ping_/)
    .meta({ description: 'The id of the `ping` event sent.' }),
  attempt: WebhookAttempt,
});

export const WebhookUpdate = z.strictObject({
  url: webhookUrl('As at registration.').optional(),
  events: webhookEvents('The new subscription; empty means all types.').optional(),
  enabled: z
    .boolean()
    .optional()
    .meta({ description: 'false stops deliveries; true resumes them from now.' }),
});

/** `POST .../redeliver` and `POST .../ping` take no body; an empty one or `{}` is fine. */
export const emptyBody = z.strictObject({});

export const deliveryFilters = {
  status: z.enum(DELIVERY_STATUSES).optional().meta({ description: 'Only deliveries in this status.' }),
  type: WebhookEventType.optional().meta({ description: 'Only deliveries of this event type.' }),
};

export const deliveryId = z
  .string()
  .regex(/^whd_[A-Za-z0-9]{1,40}_[1-9][0-9]{0,15}$/)
  .meta({
    description:
      "The delivery's id (`X-Partner-Delivery`), as the list shows it. Any other form is `404 not_found`.",
    examples: ['whd_k3J9x0QmT2vR8aLp5sWd_12'],
  });

export const webhookOperationComponents = { WebhookAttempt, WebhookDelivery };

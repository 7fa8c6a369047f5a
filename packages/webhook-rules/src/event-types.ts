/** The events a partner can subscribe to (gateway/openapi/partner.yaml); an empty subscription means all of them. */
export const WEBHOOK_EVENT_TYPES = ['booking.created', 'booking.cancelled', 'invoice.paid'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** The message of an unknown type, the same from the gateway's contract and the service. */
export const EVENT_TYPE_MESSAGE = `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`;

/** At most this many types in one subscription (duplicates count; they are stored once). */
export const MAX_SUBSCRIBED_EVENTS = 20;

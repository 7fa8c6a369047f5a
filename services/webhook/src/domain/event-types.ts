/** The events a partner can subscribe to (gateway/openapi/partner.yaml); an empty subscription means all of them. */
export const EVENT_TYPES = ['booking.created', 'booking.cancelled', 'invoice.paid'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

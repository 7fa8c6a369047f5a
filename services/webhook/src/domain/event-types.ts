import { isWebhookEventType, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@travel/webhook-rules';

/** The events a partner can subscribe to (@travel/webhook-rules, the gateway's contract too); an empty subscription means all of them. */
export const EVENT_TYPES = WEBHOOK_EVENT_TYPES;
export type EventType = WebhookEventType;

export const isEventType = isWebhookEventType;

import type { webhook } from '@travel/contracts';
import type { z } from 'zod';
import { formatCreatedAt } from '../offer-presenters';
import type { WebhookAttempt, WebhookDelivery } from '../partner-contract/webhook-operations';

type Delivery = z.output<typeof WebhookDelivery>;
type Attempt = z.output<typeof WebhookAttempt>;

/** The webhook service's delivery statuses as partners read them: a cancelled delivery was not delivered. */
const STATUS_OF: Record<string, Delivery['status']> = {
  pending: 'pending',
  acknowledged: 'succeeded',
  failed: 'failed',
  cancelled: 'failed',
};

export function presentDelivery(delivery: webhook.Delivery | undefined): Delivery {
  if (!delivery) throw new Error('the webhook service answered no delivery');
  const status = STATUS_OF[delivery.status];
  if (!status) throw new Error(`the webhook service answered a delivery in status ${delivery.status}`);
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    // The service's closed set of event types (its domain type), hence the cast.
    eventType: delivery.eventType as Delivery['eventType'],
    status,
    createdAt: formatCreatedAt(delivery.createdAt),
    attempts: delivery.attempts.map(presentAttempt),
    nextAttemptAt: delivery.nextAttemptAt ? formatCreatedAt(delivery.nextAttemptAt) : null,
    held: delivery.held,
  };
}

export function presentAttempt(attempt: webhook.Attempt | undefined): Attempt {
  if (!attempt) throw new Error('the webhook service answered no attempt');
  return {
    at: formatCreatedAt(attempt.at),
    statusCode: attempt.statusCode ?? null,
    latencyMs: attempt.durationMs,
    responseBody: attempt.responseBody ?? null,
    error: attempt.error ?? null,
    succeeded: attempt.acknowledged,
    manual: attempt.manual,
  };
}

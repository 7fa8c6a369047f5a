import { type EventPublisher, newEventId } from '@travel/events';

/**
 * Publishes one batch a gateway gathered (usage totals, request-log calls) as one event on `topic`, keyed by its
 * own id: the batch spans clients and tenants, so the envelope names none. Throws what Kafka threw.
 */
export async function publishBatch(
  publisher: EventPublisher,
  topic: string,
  type: string,
  payload: Uint8Array,
): Promise<void> {
  const id = newEventId();
  const event = { id, type, occurredAt: new Date(), tenantId: '', clientId: '', livemode: false };
  await publisher.publish(topic, [{ ...event, payload: Buffer.from(payload), key: id }]);
}

import type { Logger } from '@travel/logger';
import type { ConsumerOptions, HandleContext } from './consumer-options';
import { decodeEnvelope, type EventEnvelope } from './envelope';
import { PoisonEventError } from './poison';

/**
 * One run of a message's handler: decode the envelope, skip an id already handled, handle, remember the id.
 * Throws what the handler threw; bytes that are no envelope throw `PoisonEventError`. Used by the consumer
 * and by a replay alike, so a replayed event goes through exactly the same steps.
 */
export async function handleOnce(
  options: Pick<ConsumerOptions, 'groupId' | 'handle' | 'handledEvents'>,
  topic: string,
  value: Buffer | null,
  context: HandleContext,
  logger: Logger,
): Promise<'handled' | 'duplicate'> {
  let event: EventEnvelope;
  try {
    event = decodeEnvelope(value);
  } catch (error) {
    throw new PoisonEventError(`undecodable envelope: ${(error as Error).message}`);
  }
  const log = logger.child({ eventId: event.id, eventType: event.type });
  const handledEvents = options.handledEvents;
  if (handledEvents && (await handledEvents.has(options.groupId, event.id))) {
    log.debug('event already handled; skipped');
    return 'duplicate';
  }
  await options.handle(event, topic, log, context);
  await handledEvents?.add(options.groupId, event.id);
  return 'handled';
}

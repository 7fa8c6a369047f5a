import type { Logger } from '@travel/logger';
import type { Kafka, KafkaMessage, Producer } from 'kafkajs';
import { decodeEnvelope } from './envelope';
import { namespaced } from './kafka-client';
import type { ParkedEventStore } from './parked-events';
import type { FailureHistory, ParkReason } from './retry-budget';
import { parkedTopicOf } from './topics';
import { type BatchControls, waitInPlace } from './wait-in-place';

export interface ParkInput {
  /** The plain topic name. */
  topic: string;
  partition: number;
  message: KafkaMessage;
  reason: ParkReason;
  history: FailureHistory;
}

/** Waits between attempts to store a park while the store does not answer. */
const STORE_RETRY_MS = [1000, 2000, 5000, 10_000];

/**
 * Records a message the group gives up on in the service's database (idempotent: a redelivery after a crash
 * mid-park finds its record), then copies it to `<topic>.parked` with the reason in headers, for Kafka tools.
 * A store that does not answer is tried again in place (the partition waits: nothing is skipped unrecorded);
 * false when the consumer stopped or lost the partition meanwhile.
 */
export async function parkMessage(deps: {
  store: ParkedEventStore;
  parker: Producer;
  kafka: Kafka;
  group: string;
  input: ParkInput;
  batch: BatchControls;
  stopped: AbortSignal;
  log: Logger;
}): Promise<boolean> {
  const { store, parker, kafka, group, input, log } = deps;
  const { message, history } = input;
  const envelope = envelopeFieldsOf(message.value);
  for (let failures = 0; ; failures++) {
    try {
      const parked = await store.park({
        group,
        topic: input.topic,
        partition: input.partition,
        offset: Number(message.offset),
        key: message.key?.toString() ?? null,
        value: message.value ?? Buffer.alloc(0),
        ...envelope,
        reason: input.reason,
        ...history,
        parkedAt: new Date(),
      });
      log.error(
        {
          parkedId: parked.id,
          reason: input.reason,
          attempts: history.attempts,
          lastError: history.lastError,
        },
        'event parked',
      );
      await parker.send({
        topic: parkedTopicOf(namespaced(kafka, input.topic)),
        messages: [
          {
            key: message.key,
            value: message.value,
            headers: {
              'parked-reason': `${input.reason}: ${history.lastError}`,
              'parked-from': `${input.topic}@${input.partition}/${message.offset}`,
              'parked-id': parked.id,
            },
          },
        ],
      });
      return true;
    } catch (error) {
      const waitMs = STORE_RETRY_MS[Math.min(failures, STORE_RETRY_MS.length - 1)] as number;
      log.warn({ err: error, waitMs }, 'parking failed; trying again');
      if (!(await waitInPlace(waitMs, deps.batch, deps.stopped))) return false;
    }
  }
}

function envelopeFieldsOf(value: Buffer | null): { eventId: string | null; eventType: string | null } {
  try {
    const envelope = decodeEnvelope(value);
    return { eventId: envelope.id, eventType: envelope.type };
  } catch {
    return { eventId: null, eventType: null };
  }
}

import type { AuditEntry } from '@travel/audit';
import {
  AUDIT_RECORDED_EVENT,
  type ConsumerOptions,
  createEventConsumer,
  decodeAuditRecorded,
  type EventConsumer,
} from '@travel/events';

export { AUDIT_ENTRIES_TOPIC } from '@travel/events';
/** One group for every identity replica: each entry is recorded by one of them. */
export const AUDIT_CONSUMER_GROUP = 'identity-audit';

export interface AuditEntriesConsumerOptions
  extends Omit<ConsumerOptions, 'topics' | 'handle' | 'keyOrderAfterPark'> {
  topic: string;
  recordAuditEntry(entry: AuditEntry): Promise<void>;
}

/**
 * Entry point for the changes every service relays from its documents' outboxes: decode, record once per
 * entry id (the log's `_id` derives from it, so no processed-id list is needed); a malformed entry is parked.
 */
export function createAuditEntriesConsumer(options: AuditEntriesConsumerOptions): EventConsumer {
  const { topic, recordAuditEntry, ...consumer } = options;
  return createEventConsumer({
    ...consumer,
    topics: [topic],
    // Each entry stands on its own: a parked one holds no later one back.
    keyOrderAfterPark: 'proceed',
    async handle(event, _topic, logger) {
      if (event.type !== AUDIT_RECORDED_EVENT) {
        logger.debug('not an audit entry; ignored');
        return;
      }
      await recordAuditEntry(decodeAuditRecorded(event));
    },
  });
}

import { identityChanged } from '@travel/contracts';
import {
  createEventOutbox,
  createWriteAheadOutbox,
  type EventPublisher,
  IDENTITY_CHANGES_TOPIC,
  newEventId,
  type OutgoingEvent,
} from '@travel/events';
import type { PeriodicJob } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import type { Connection } from 'mongoose';
import type { ChangeKind, IdentityChanges } from '../domain/identity-changes';

/** Topic on which identity announces changes that invalidate gateway caches. */
export { IDENTITY_CHANGES_TOPIC };

/** The outbox's label in `outbox_oldest_pending_seconds`. */
export const IDENTITY_CHANGES_OUTBOX = 'identity-changes';

export interface IdentityChangesOutboxSettings {
  OUTBOX_POLL_MS: number;
  OUTBOX_RESCAN_MS: number;
  OUTBOX_HOLD_MS: number;
}

/**
 * `identity.changed` notices in `identity_changes_outbox`, each stored ahead of the write it announces and published
 * by the relay once the write is stored (docs/decisions/identity-and-access.md, "Changes through an outbox").
 */
export function createIdentityChangesOutbox(deps: {
  connection: Connection;
  publisher: EventPublisher;
  config: IdentityChangesOutboxSettings;
  logger: Logger;
}): { changes: IdentityChanges; relay: PeriodicJob } {
  const { config } = deps;
  const outbox = createWriteAheadOutbox({
    name: IDENTITY_CHANGES_OUTBOX,
    outbox: createEventOutbox(deps.connection, { collection: 'identity_changes_outbox' }),
    publisher: deps.publisher,
    topic: IDENTITY_CHANGES_TOPIC,
    pollMs: config.OUTBOX_POLL_MS,
    rescanMs: config.OUTBOX_RESCAN_MS,
    holdMs: config.OUTBOX_HOLD_MS,
    logger: deps.logger,
  });
  return {
    changes: {
      announcing: (kind, id, write) => outbox.around(changedEvent(kind, id), write),
      announceCreated: (kind, id) => outbox.add(changedEvent(kind, id)),
    },
    relay: outbox.job,
  };
}

/** One key for every notice: one partition, so gateways hear identity's changes in the order they were released. */
function changedEvent(kind: ChangeKind, id: string): OutgoingEvent {
  const payload = identityChanged.IdentityChanged.encode({ kind, id }).finish();
  return {
    key: 'identity',
    id: newEventId(),
    type: 'identity.changed',
    occurredAt: new Date(),
    tenantId: '',
    clientId: '',
    livemode: false,
    payload: Buffer.from(payload),
  };
}

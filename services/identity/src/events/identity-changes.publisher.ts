import { identityChanged } from '@travel/contracts';
import { type EventPublisher, IDENTITY_CHANGES_TOPIC, newEventId } from '@travel/events';
import type { ChangeKind, IdentityChanges } from '../domain/identity-changes';

/** Topic on which identity announces changes that invalidate gateway caches. */
export { IDENTITY_CHANGES_TOPIC };

/**
 * Publishes `identity.changed` after the change is stored. Awaited by the use case, so an admin call
 * answers only once every gateway can hear of it; gateways also expire their caches as a backstop.
 */
export function createIdentityChanges(publisher: EventPublisher): IdentityChanges {
  return {
    async announce(kind: ChangeKind, id: string) {
      const payload = identityChanged.IdentityChanged.encode({ kind, id }).finish();
      await publisher.publish(IDENTITY_CHANGES_TOPIC, [
        {
          key: 'identity',
          id: newEventId(),
          type: 'identity.changed',
          occurredAt: new Date(),
          tenantId: '',
          clientId: '',
          livemode: false,
          payload: Buffer.from(payload),
        },
      ]);
    },
  };
}

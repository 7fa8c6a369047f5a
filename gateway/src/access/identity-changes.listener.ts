import { identityChanged } from '@travel/contracts';
import {
  createBroadcastSubscriber,
  type createKafka,
  type EventEnvelope,
  IDENTITY_CHANGES_TOPIC,
  type TopicOptions,
} from '@travel/events';
import type { Logger } from '@travel/logger';

import type { AccessDirectory } from './access-directory';

export { IDENTITY_CHANGES_TOPIC };

/**
 * Every gateway replica hears every `identity.changed` and evicts the entries it names, so a revocation,
 * suspension, scope change or switch bites on the next request (within a second: docs/access.md, "The access
 * directory"). What it cannot read (a payload it cannot decode, a kind it does not know, a gap after a broker
 * outage) may have changed anything: then every entry is asked for again.
 */
export function createIdentityChangesListener(deps: {
  kafka: ReturnType<typeof createKafka>;
  topicOptions: TopicOptions;
  directory: AccessDirectory;
  logger: Logger;
}) {
  const { directory, logger } = deps;
  return createBroadcastSubscriber({
    kafka: deps.kafka,
    topic: IDENTITY_CHANGES_TOPIC,
    topicOptions: deps.topicOptions,
    groupPrefix: 'gateway-access',
    logger,
    onGap: () => {
      directory.revalidateAll();
      logger.warn('identity.changes may have been missed; every cached access entry is asked for again');
    },
    onEvent: (event) => {
      const change = changeOf(event);
      if (change && directory.evict(change)) {
        logger.debug({ eventId: event.id, ...change }, 'identity changed; its cached entries evicted');
        return;
      }
      directory.revalidateAll();
      logger.warn(
        { eventId: event.id, ...change },
        'unknown identity change; every cached access entry is asked for again',
      );
    },
  });
}

function changeOf(event: EventEnvelope): { kind: string; id: string } | undefined {
  try {
    const { kind, id } = identityChanged.IdentityChanged.decode(event.payload);
    return { kind, id };
  } catch {
    return undefined;
  }
}

import {
  createBroadcastSubscriber,
  type createKafka,
  IDENTITY_CHANGES_TOPIC,
  type TopicOptions,
} from '@travel/events';
import type { Logger } from '@travel/logger';

import type { AccessDirectory } from './access-directory';

export { IDENTITY_CHANGES_TOPIC };

/**
 * Every gateway replica hears every `identity.changed` and drops its access caches, so a revocation,
 * suspension, scope change or switch bites on the next request (within a second: docs/access.md, "The access directory").
 */
export function createIdentityChangesListener(deps: {
  kafka: ReturnType<typeof createKafka>;
  topicOptions: TopicOptions;
  directory: AccessDirectory;
  logger: Logger;
}) {
  return createBroadcastSubscriber({
    kafka: deps.kafka,
    topic: IDENTITY_CHANGES_TOPIC,
    topicOptions: deps.topicOptions,
    groupPrefix: 'gateway-access',
    logger: deps.logger,
    onGap: () => deps.directory.clear(),
    onEvent: (event) => {
      deps.directory.clear();
      deps.logger.debug({ eventId: event.id }, 'identity changed; access caches dropped');
    },
  });
}

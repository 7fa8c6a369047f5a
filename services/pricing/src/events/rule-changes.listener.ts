import {
  type BroadcastSubscriber,
  createBroadcastSubscriber,
  type createKafka,
  PRICING_CHANGES_TOPIC,
  type TopicOptions,
} from '@travel/events';
import type { Logger } from '@travel/logger';

/**
 * Every pricing replica (its own consumer group) hears every rule change, its own included, and drops its rules
 * before the change that caused it is answered (see `rule-changes.publisher.ts`).
 */
export function createRuleChangesListener(deps: {
  kafka: ReturnType<typeof createKafka>;
  topicOptions: TopicOptions;
  /** Drops the rules held in memory; then the echo tells a waiting change of this replica. */
  dropRules(): void;
  echoHeard(eventId: string): void;
  logger: Logger;
}): BroadcastSubscriber {
  return createBroadcastSubscriber({
    kafka: deps.kafka,
    topic: PRICING_CHANGES_TOPIC,
    topicOptions: deps.topicOptions,
    groupPrefix: 'pricing-rules',
    logger: deps.logger,
    onGap: deps.dropRules,
    onEvent: (event) => {
      deps.dropRules();
      deps.echoHeard(event.id);
      deps.logger.debug(
        { eventId: event.id, type: event.type },
        'pricing rules changed; cached rules dropped',
      );
    },
  });
}

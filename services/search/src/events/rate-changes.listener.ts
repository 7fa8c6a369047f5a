import {
  type BroadcastSubscriber,
  createBroadcastSubscriber,
  type createKafka,
  PRICING_CHANGES_TOPIC,
  type TopicOptions,
} from '@travel/events';
import type { Logger } from '@travel/logger';

/**
 * Every search replica (its own consumer group) hears every pricing rule change and drops the rates it holds, as
 * pricing's own replicas drop their rules (docs/decisions/search-and-pricing.md, "Prices"). After a broker outage
 * (a gap: changes may have gone unheard) it drops them too.
 */
export function createRateChangesListener(deps: {
  kafka: ReturnType<typeof createKafka>;
  topicOptions: TopicOptions;
  dropRates(): void;
  logger: Logger;
}): BroadcastSubscriber {
  return createBroadcastSubscriber({
    kafka: deps.kafka,
    topic: PRICING_CHANGES_TOPIC,
    topicOptions: deps.topicOptions,
    groupPrefix: 'search-rates',
    logger: deps.logger,
    onGap: deps.dropRates,
    onEvent: (event) => {
      deps.dropRates();
      deps.logger.debug(
        { eventId: event.id, type: event.type },
        'pricing rules changed; cached rates dropped',
      );
    },
  });
}

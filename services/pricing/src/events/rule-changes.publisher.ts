import { type EventPublisher, newEventId, type OutgoingEvent, PRICING_CHANGES_TOPIC } from '@travel/events';
import type { PricingRule } from '../domain/pricing-rule';
import type { RuleChanges } from '../domain/rule-changes';
import type { OwnEchoes } from './own-echoes';

export const RULES_CHANGED = 'pricing.rules_changed';

export interface RuleChangesDeps {
  publisher: EventPublisher;
  echoes: OwnEchoes;
  /** Drops this replica's rules when its own subscriber did not (broker down, echo late). */
  dropLocal(): void;
  waitMs: number;
  /** After the echo: time for a replica between two long polls to make its next fetch. */
  settleMs: number;
  now: () => Date;
}

/**
 * Publishes `pricing.rules_changed` on `pricing.changes` and waits (at most `waitMs`) until this replica's own
 * broadcast subscriber has heard it, then `settleMs` more: every replica long-polls the same partition and is
 * handed the event at the same moment, or on its next fetch when its poll had just ended, so by then the others
 * have heard it too (not a proof: a replica that is rejoining Kafka lags) and a quote through any of them sees
 * the change. Without the broker the change still stands: this replica
 * drops its rules, the others follow within their cache's expiry.
 */
export function createRuleChanges({
  publisher,
  echoes,
  dropLocal,
  waitMs,
  settleMs,
  now,
}: RuleChangesDeps): RuleChanges {
  return {
    async announce(action, rule, logger) {
      const event = rulesChangedEvent(rule, now());
      const echo = echoes.expect(event.id);
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        publisher.publish(PRICING_CHANGES_TOPIC, [event]).then(
          () => echo.heard.then(() => ({ heard: true as const })),
          (error: unknown) => ({ heard: false as const, error }),
        ),
        new Promise<{ heard: false; error?: undefined }>((resolve) => {
          timer = setTimeout(() => resolve({ heard: false }), waitMs);
        }),
      ]);
      clearTimeout(timer);
      echo.forget();
      if (outcome.heard) {
        await new Promise((resolve) => setTimeout(resolve, settleMs));
        return;
      }
      dropLocal();
      logger.warn(
        { err: outcome.error, eventId: event.id, action, rule_id: rule.id, waitMs },
        outcome.error
          ? 'pricing.rules_changed not published: other replicas use their rules until their cache expires'
          : 'pricing.rules_changed not heard back in time: answering anyway, local rules dropped',
      );
    },
  };
}

/** The payload is empty: every replica drops all of its rules on any change; the key names the rule. */
function rulesChangedEvent(rule: PricingRule, at: Date): OutgoingEvent {
  return {
    key: rule.id,
    id: newEventId(),
    type: RULES_CHANGED,
    occurredAt: at,
    tenantId: rule.tenantId ?? '',
    clientId: '',
    // Rules price live and test calls alike.
    livemode: false,
    payload: Buffer.alloc(0),
  };
}

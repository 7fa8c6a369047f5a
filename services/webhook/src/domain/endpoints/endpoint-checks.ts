import type { FieldProblem } from '@travel/errors';
import {
  EVENT_TYPE_MESSAGE,
  isWebhookEventType,
  MAX_SUBSCRIBED_EVENTS,
  MAX_WEBHOOK_URL_LENGTH,
} from '@travel/webhook-rules';
import { checkTarget, type TargetPolicy } from './target-address';

// The gateway's contract checks the same rules (@travel/webhook-rules) before a call comes here; these stay for
// every other caller and for what only the service can judge (where a host name resolves, this environment).

/** An endpoint's URL as registration and a change judge it: length, then where it may be sent (SSRF). */
export async function urlProblems(url: string, policy: TargetPolicy): Promise<FieldProblem[]> {
  if (url.length > MAX_WEBHOOK_URL_LENGTH)
    return [{ path: 'url', message: `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters` }];
  const target = await checkTarget(url, policy);
  return target.ok ? [] : [{ path: 'url', message: target.reason }];
}

/** Too many types is one problem; each unknown type is one more, at its index. */
export function eventProblems(events: string[]): FieldProblem[] {
  return [
    ...(events.length > MAX_SUBSCRIBED_EVENTS
      ? [{ path: 'events', message: `must have at most ${MAX_SUBSCRIBED_EVENTS} items` }]
      : []),
    ...events.flatMap((type, index) =>
      isWebhookEventType(type) ? [] : [{ path: `events.${index}`, message: EVENT_TYPE_MESSAGE }],
    ),
  ];
}

import type { FieldProblem } from '@travel/errors';
import { EVENT_TYPES, isEventType } from '../event-types';
import { checkTarget, type TargetPolicy } from './target-address';

const MAX_URL_LENGTH = 2048;

/** An endpoint's URL as registration and a change judge it: length, then where it may be sent (SSRF). */
export async function urlProblems(url: string, policy: TargetPolicy): Promise<FieldProblem[]> {
  if (url.length > MAX_URL_LENGTH)
    return [{ path: 'url', message: `must be at most ${MAX_URL_LENGTH} characters` }];
  const target = await checkTarget(url, policy);
  return target.ok ? [] : [{ path: 'url', message: target.reason }];
}

/** One problem per unknown event type, at its index. */
export function eventProblems(events: string[]): FieldProblem[] {
  return events.flatMap((type, index) =>
    isEventType(type)
      ? []
      : [{ path: `events.${index}`, message: `must be one of ${EVENT_TYPES.join(', ')}` }],
  );
}

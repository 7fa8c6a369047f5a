import { AppError } from '@travel/errors';
import type { SubscriberDeps } from './subscriber-deps';
import { found } from './subscriber-rules';

export function createUnsubscribe(deps: SubscriberDeps) {
  const { subscribers, now } = deps;
  return async function unsubscribe(request: { token: string }) {
    const subscriber = request.token ? await subscribers.findByToken(request.token) : null;
    if (!subscriber) throw new AppError('not_found', 'This unsubscribe link is not valid.');
    if (subscriber.status === 'unsubscribed') return subscriber;
    return found(await subscribers.update(subscriber.id, { status: 'unsubscribed' }, now()), subscriber.id);
  };
}

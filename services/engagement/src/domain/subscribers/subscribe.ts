import { AppError } from '@travel/errors';
import { checks } from '../input';
import type { Subscriber } from '../records';
import type { SubscriberDeps } from './subscriber-deps';
import { freshSubscriber } from './subscriber-rules';

/** Idempotent: an address on the list is subscribed (again) and `created` is false. */
export function createSubscribe(deps: SubscriberDeps) {
  const { subscribers, now } = deps;
  return async function subscribe(request: {
    email: string;
  }): Promise<{ subscriber: Subscriber; created: boolean }> {
    const v = checks();
    v.email('email', request.email);
    v.done();
    const subscriber = freshSubscriber(now(), request.email, 'public');
    if (await subscribers.insert(subscriber)) return { subscriber, created: true };
    const existing = await subscribers.findByEmail(subscriber.email);
    if (!existing) throw new AppError('conflict', 'The address changed meanwhile; try again.');
    if (existing.status === 'subscribed') return { subscriber: existing, created: false };
    const again = await subscribers.update(existing.id, { status: 'subscribed' }, now());
    return { subscriber: again ?? existing, created: false };
  };
}

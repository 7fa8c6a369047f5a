import { AppError } from '@travel/errors';
import { changeEntry } from '../audit';
import { checks } from '../input';
import type { Staff } from '../records';
import type { SubscriberDeps } from './subscriber-deps';
import { freshSubscriber } from './subscriber-rules';

export function createCreateSubscriber(deps: SubscriberDeps) {
  const { subscribers, now } = deps;
  return async function createSubscriber(request: { actor: Staff; email: string }) {
    const v = checks();
    v.email('email', request.email);
    v.done();
    const subscriber = freshSubscriber(now(), request.email, 'staff');
    const entry = changeEntry(request.actor, 'subscriber.created', subscriber.id, {}, subscriber.createdAt);
    if (!(await subscribers.insert(subscriber, entry)))
      throw new AppError('conflict', `${subscriber.email} is already on the list.`);
    return subscriber;
  };
}

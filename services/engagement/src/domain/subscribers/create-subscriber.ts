import { AppError } from '@travel/errors';
import type { Logger } from '@travel/logger';
import { logChange } from '../audit';
import { checks } from '../input';
import type { Staff } from '../records';
import { freshSubscriber } from './subscriber-rules';
import type { SubscriberDeps } from './subscriber-use-cases';

export function createCreateSubscriber(deps: SubscriberDeps) {
  const { subscribers, now } = deps;
  return async function createSubscriber(request: { actor: Staff; email: string }, logger: Logger) {
    const v = checks();
    v.email('email', request.email);
    v.done();
    const subscriber = freshSubscriber(now(), request.email, 'staff');
    if (!(await subscribers.insert(subscriber)))
      throw new AppError('conflict', `${subscriber.email} is already on the list.`);
    logChange(logger, 'subscriber.created', request.actor, { subscriber_id: subscriber.id });
    return subscriber;
  };
}

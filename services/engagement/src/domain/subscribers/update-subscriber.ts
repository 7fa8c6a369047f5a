import type { Logger } from '@travel/logger';
import { logChange } from '../audit';
import { checks, normalEmail } from '../input';
import type { Staff, SubscriberStatus } from '../records';
import { found, STATUSES } from './subscriber-rules';
import type { SubscriberDeps } from './subscriber-use-cases';

export function createUpdateSubscriber(deps: SubscriberDeps) {
  const { subscribers, now } = deps;
  return async function updateSubscriber(
    request: { actor: Staff; id: string; email?: string; status?: string },
    logger: Logger,
  ) {
    const v = checks();
    v.email('email', request.email, false);
    v.oneOf('status', request.status, STATUSES);
    v.done();
    const changes = {
      ...(request.email === undefined ? {} : { email: normalEmail(request.email) }),
      ...(request.status === undefined ? {} : { status: request.status as SubscriberStatus }),
    };
    const subscriber = await found(await subscribers.update(request.id, changes, now()), request.id);
    logChange(logger, 'subscriber.updated', request.actor, { subscriber_id: request.id, ...changes });
    return subscriber;
  };
}

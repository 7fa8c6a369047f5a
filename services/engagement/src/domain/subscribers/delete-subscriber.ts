import { AppError } from '@travel/errors';
import { changeEntry } from '../audit';
import type { Staff } from '../records';
import type { SubscriberDeps } from './subscriber-deps';

export function createDeleteSubscriber(deps: SubscriberDeps) {
  const { subscribers, now } = deps;
  return async function deleteSubscriber(request: { actor: Staff; id: string }) {
    const entry = changeEntry(request.actor, 'subscriber.deleted', request.id, {}, now());
    if (!(await subscribers.delete(request.id, entry)))
      throw new AppError('not_found', `Subscriber ${request.id} does not exist.`);
    return request.id;
  };
}

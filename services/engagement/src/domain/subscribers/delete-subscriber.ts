import { AppError } from '@travel/errors';
import type { Logger } from '@travel/logger';
import { logChange } from '../audit';
import type { Staff } from '../records';
import type { SubscriberDeps } from './subscriber-use-cases';

export function createDeleteSubscriber(deps: SubscriberDeps) {
  const { subscribers } = deps;
  return async function deleteSubscriber(request: { actor: Staff; id: string }, logger: Logger) {
    if (!(await subscribers.delete(request.id)))
      throw new AppError('not_found', `Subscriber ${request.id} does not exist.`);
    logChange(logger, 'subscriber.deleted', request.actor, { subscriber_id: request.id });
    return request.id;
  };
}
